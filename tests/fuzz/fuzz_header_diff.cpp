// Fuzzes the ODO-5 diff hunk reader. Nothing throws; every changed line it reads is a '+' or '-'
// line without a line break, and those lines, written back as one hunk of a unified diff, read the
// same. Picking the signature lines keeps a subsequence of them.
#include <odo/review/header_diff.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

bool same(const std::vector<odo::review::DiffLine>& a,
          const std::vector<odo::review::DiffLine>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].sign != b[i].sign || a[i].text != b[i].text)
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::review;
    const std::string_view patch(reinterpret_cast<const char*>(data), size);
    const auto lines = changed_lines(patch);
    if (!lines)
        return 0;
    std::size_t removed = 0, added = 0;
    std::string body;
    for (const DiffLine& line : *lines) {
        if ((line.sign != '+' && line.sign != '-') || line.text.find('\n') != std::string::npos)
            std::abort();
        (line.sign == '-' ? removed : added) += 1;
        body += line.sign + line.text + "\n";
    }
    const std::string hunk = "--- a/x.h\n+++ b/x.h\n@@ -1," + std::to_string(removed) + " +1," +
                             std::to_string(added) + " @@\n" + body;
    const auto again = changed_lines(hunk);
    if (!again || !same(*again, *lines))
        std::abort();
    const auto picked = signature_lines(*lines, {"Submit(", "NVCVStatus", "cvcuda"});
    std::size_t i = 0;
    for (const DiffLine& line : picked) {
        while (i < lines->size() &&
               !((*lines)[i].sign == line.sign && (*lines)[i].text == line.text))
            ++i;
        if (i++ == lines->size())
            std::abort();
    }
    return 0;
}
