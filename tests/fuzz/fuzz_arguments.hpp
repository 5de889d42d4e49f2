#pragma once
// Command-line fuzz inputs: the bytes split on NUL into arguments, as argv would hold them.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

inline std::vector<std::string> split_arguments(std::string_view text) {
    std::vector<std::string> args;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t nul = std::min(text.find('\0', start), text.size());
        args.emplace_back(text.substr(start, nul - start));
        start = nul + 1;
    }
    return args;
}
