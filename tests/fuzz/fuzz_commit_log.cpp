// Fuzzes the `git log -z --name-only` reader of the evidence phase. Any input either reads or
// throws odo::InputError (an unreadable record is reported, never dropped); every commit it reads
// has a full SHA and full parent SHAs and only non-empty file names; and the commits, written back
// in git's output format, read the same.
#include <odo/core/error.hpp>
#include <odo/gates/evidence_facts.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

bool is_sha(const std::string& s) {
    return (s.size() == 40 || s.size() == 64) &&
           s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// What `git log -z --name-only --format=%x00%x1e%H%x1f%P%x1f%s` prints for these commits.
std::string git_log(const std::vector<odo::gates::CommitFacts>& commits) {
    std::string out;
    for (const auto& c : commits) {
        out += std::string(1, '\0') + "\x1e" + c.sha + "\x1f" + odo::text::join(c.parents, " ") +
               "\x1f" + c.subject + std::string(1, '\0');
        for (std::size_t i = 0; i < c.files.size(); ++i)
            out += (i == 0 ? "\n" : "") + c.files[i] + std::string(1, '\0');
    }
    return out;
}

bool same(const std::vector<odo::gates::CommitFacts>& a,
          const std::vector<odo::gates::CommitFacts>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].sha != b[i].sha || a[i].subject != b[i].subject || a[i].parents != b[i].parents ||
            a[i].files != b[i].files)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view out(reinterpret_cast<const char*>(data), size);
    std::vector<odo::gates::CommitFacts> commits;
    try {
        commits = odo::gates::detail::parse_commit_log(out);
    } catch (const odo::InputError&) {
        return 0;
    }
    for (const auto& c : commits) {
        if (!is_sha(c.sha))
            std::abort();
        for (const std::string& parent : c.parents)
            if (!is_sha(parent))
                std::abort();
        for (const std::string& file : c.files)
            if (file.empty() || file.find('\0') != std::string::npos)
                std::abort();
    }
    if (!same(odo::gates::detail::parse_commit_log(git_log(commits)), commits))
        std::abort();
    return 0;
}
