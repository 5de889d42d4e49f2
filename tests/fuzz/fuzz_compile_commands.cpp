// Fuzzes the reader of a build's compile_commands.json (the device-code proof and cost phase):
// written to a fresh build folder, read against a repository root that does not exist. Nothing but
// InputError is thrown, and every command accepted keeps no output, dependency or response-file
// option, no character a shell would act on, and redirects only contained repository paths.
#include <odo/devcode/compile_command.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace {

const std::filesystem::path& fuzz_build_dir() {
    static const std::filesystem::path dir = [] {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "odo-fuzz-ccmd-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            std::abort();
        return std::filesystem::path(pattern);
    }();
    return dir;
}

void check_command(const odo::devcode::CompileCommand& c) {
    for (const odo::devcode::CommandArg& a : c.flags) {
        if (a.repo_path && !odo::repo::is_contained_path_text(*a.repo_path))
            std::abort();
        if (!a.repo_path &&
            (a.text == "-o" || a.text == "-MF" || a.text == "-ccbin" || a.text.rfind('@', 0) == 0))
            std::abort();
    }
    for (const std::string& arg : odo::devcode::instantiate(c.flags, "/side"))
        if (odo::devcode::first_unsafe_char(arg, odo::devcode::ArgumentText::command) !=
            std::string::npos)
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path file = fuzz_build_dir() / "compile_commands.json";
    std::FILE* out = std::fopen(file.c_str(), "wb");
    if (!out || std::fwrite(data, 1, size, out) != size || std::fclose(out) != 0)
        std::abort();
    try {
        const odo::devcode::CompileDatabase database(fuzz_build_dir(), "/odo-fuzz-repo");
        for (const std::string& source : database.files()) {
            try {
                if (auto c = database.command_for(source))
                    check_command(*c);
            } catch (const odo::InputError&) {
            }
        }
    } catch (const odo::InputError&) {
    }
    return 0;
}
