#pragma once
// Whether one location lies inside another: the rule both the repository reader (a file the
// author names must stay in the repository) and the atomic writer (a link in the working
// directory's tree is not followed) decide by.
#include <filesystem>

namespace odo {

// Whether `inner` is `outer` or lies below it, compared component by component; both canonical.
inline bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
        if (o->empty()) // a trailing separator
            break;
        else if (i == inner.end() || *i != *o)
            return false;
    return true;
}

} // namespace odo
