#pragma once
// A revision a user names (--base, --sources-base, a REF) lands in git's argument vector, where a
// name starting with '-' reads as an option: `--output=F` makes `git diff` write the file F. Each
// such name is refused here before git sees it, by the option parsers and by Git::resolve_commit.
#include <string>
#include <string_view>

namespace odo::repo {

// Why `rev` cannot be handed to git as a revision, or "" when it can.
inline std::string revision_name_refusal(std::string_view rev) {
    if (rev.empty())
        return "no revision given";
    if (rev.front() == '-')
        return "a revision cannot start with '-', which git reads as an option";
    return {};
}

} // namespace odo::repo
