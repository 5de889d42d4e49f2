#pragma once
// The argument vector of a compute-sanitizer run.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::profile {

enum class SanitizerTool { Memcheck, Racecheck, Initcheck, Synccheck };

constexpr std::string_view to_string(SanitizerTool t) noexcept {
    switch (t) {
    case SanitizerTool::Memcheck:
        return "memcheck";
    case SanitizerTool::Racecheck:
        return "racecheck";
    case SanitizerTool::Initcheck:
        return "initcheck";
    case SanitizerTool::Synccheck:
        return "synccheck";
    }
    return "?";
}

struct SanitizerOptions {
    SanitizerTool tool = SanitizerTool::Memcheck;
    bool leak_check = false;             // memcheck only: --leak-check full
    std::optional<unsigned> print_limit; // errors printed in full; the summary counts them all
};

inline std::vector<std::string> sanitizer_arguments(const SanitizerOptions& o,
                                                    const std::string& program,
                                                    const std::vector<std::string>& args) {
    std::vector<std::string> out{"--tool", std::string(to_string(o.tool))};
    if (o.leak_check && o.tool == SanitizerTool::Memcheck)
        out.insert(out.end(), {"--leak-check", "full"});
    if (o.print_limit)
        out.insert(out.end(), {"--print-limit", std::to_string(*o.print_limit)});
    out.push_back(program);
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

} // namespace odo::profile
