#pragma once
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace odo {

// The first executable named `program` in the directories of $PATH (a `which` without running
// anything).
inline std::optional<std::filesystem::path> find_on_path(std::string_view program) {
    const char* path = std::getenv("PATH");
    if (!path)
        return std::nullopt;
    std::string_view dirs(path);
    while (true) {
        const auto colon = dirs.find(':');
        const std::string_view dir = dirs.substr(0, colon);
        const std::filesystem::path candidate =
            std::filesystem::path(dir.empty() ? "." : std::string(dir)) / std::string(program);
        std::error_code ec;
        const auto status = std::filesystem::status(candidate, ec);
        constexpr auto any_exec = std::filesystem::perms::owner_exec |
                                  std::filesystem::perms::group_exec |
                                  std::filesystem::perms::others_exec;
        if (!ec && std::filesystem::is_regular_file(status) &&
            (status.permissions() & any_exec) != std::filesystem::perms::none)
            return candidate;
        if (colon == std::string_view::npos)
            return std::nullopt;
        dirs.remove_prefix(colon + 1);
    }
}

} // namespace odo
