#pragma once
// The checklist line a passing run hands to an author, written from what the comparisons
// recorded, never from what someone typed. It is built to meet the gate's rules for the
// "Pixelwise equality to reference" item (ODO-1's concrete assertion, reference word and result;
// ODO-3's hard evidence: a backtick-quoted artifact, a result, no angle brackets). Recording is
// cheap and inline; the line is written by code compiled once (see odo/pixel/compare.hpp,
// ODO_PIXEL_IMPLEMENT).
#include "odo/pixel/result.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::pixel {

constexpr std::string_view pixelwise_checklist_label = "Pixelwise equality to reference";

// Collects the comparisons of one test, variant by variant, and renders the checklist line.
class EvidenceLog {
public:
    // One recorded comparison: what the line needs of it.
    struct Entry {
        std::string variant;
        bool passed = false;
        std::uint64_t compared = 0;
        std::string comparator;
        Tolerance tolerance{};
        ElementType type{};
    };

    // `test` names the test that ran, e.g. "TestOpFlip.tensor_matches_reference"; `reference`
    // says what the outputs were compared against, e.g. "the CPU reference flip_reference()".
    // The log's constructors and destructor are compiled once (ODO_PIXEL_IMPLEMENT), and the
    // texts are taken as views, so a test TU builds no string to hand them over.
    explicit EvidenceLog(std::string_view test,
                         std::string_view reference = "an independent host reference");
    EvidenceLog(const EvidenceLog& other);
    EvidenceLog(EvidenceLog&& other) noexcept;
    EvidenceLog& operator=(const EvidenceLog& other);
    EvidenceLog& operator=(EvidenceLog&& other) noexcept;
    ~EvidenceLog();

    // Records `result` under `variant` (a branch or case, e.g. "u8 HWC 480x640 pitched") and
    // returns it, so a check macro can take the call as its argument.
    const CompareResult& record(std::string_view variant, const CompareResult& result);

    std::size_t total() const noexcept { return entries_.size(); }

    std::size_t passed() const noexcept {
        std::size_t count = 0;
        for (const Entry& e : entries_)
            count += e.passed ? 1 : 0;
        return count;
    }

    // Checked only when every recorded variant passed and compared at least one element.
    bool complete() const noexcept {
        for (const Entry& e : entries_)
            if (!e.passed || e.compared == 0)
                return false;
        return !entries_.empty();
    }

    std::string checklist_line() const;

private:
    std::string test_;
    std::string reference_;
    std::vector<Entry> entries_;
};

// Prints the checklist line alone on stdout, so it can be pasted as it is into the MR description.
void print_checklist_line(const EvidenceLog& log);

} // namespace odo::pixel

// What a test ends with, whichever framework checks the pixels.
#define ODO_PIXEL_EVIDENCE(log) ::odo::pixel::print_checklist_line(log)

#ifdef ODO_PIXEL_IMPLEMENT
#include "odo/pixel/detail/implementation.hpp"
#endif
