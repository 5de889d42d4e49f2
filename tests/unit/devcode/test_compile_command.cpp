// The compile command of the device-code proof and the cost phase: compile_commands.json read as
// the change author's input (a program other than nvcc, flags that run programs, links out of the
// repository, a file too large), the flags kept and dropped, the arches recorded, repository
// paths redirected per side; the command synthesized from the layout; .text bytes of an object.
#include "temp_dir.hpp"

#include <odo/devcode/compile_command.hpp>
#include <odo/devcode/compile_cost.hpp>

#include <boost/json.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using odo::devcode::CompileDatabase;

// A repository folder and a build folder beside it, with one compile command for `file`.
struct CcmdFixture {
    TempDir dir;
    fs::path root = dir.path() / "repo";
    fs::path build = dir.path() / "build";

    CcmdFixture() {
        dir.write("repo/src/k.cu", "__global__ void k() {}\n");
        dir.write("repo/include/h.hpp", "\n");
        fs::create_directories(build);
    }
    void database(const std::string& command, const std::string& file = "src/k.cu") const {
        dir.write("build/compile_commands.json",
                  "[{\"directory\": \"" + build.string() + "\", \"command\": \"" + command +
                      "\", \"file\": \"" + (root / file).string() + "\"}]");
    }
    odo::devcode::CompileCommand command(const std::string& line) const {
        database(line);
        const auto c = CompileDatabase(build, root).command_for("src/k.cu");
        REQUIRE(c.has_value());
        return *c;
    }
    std::string refusal(const std::string& line) const {
        database(line);
        try {
            CompileDatabase(build, root).command_for("src/k.cu");
        } catch (const odo::InputError& e) {
            return e.what();
        }
        return "accepted";
    }
};

std::string ccmd_joined(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& a : args)
        out += (out.empty() ? "" : " ") + a;
    return out;
}

} // namespace

TEST_CASE("compile command: the build's flags kept, output, dependency and arch flags dropped") {
    const CcmdFixture f;
    const std::string source = (f.root / "src/k.cu").string();
    const auto c = f.command(
        "/opt/cuda/bin/nvcc -DA=1 -I" + f.root.string() + "/include -isystem" + f.root.string() +
        "/include -isystem /usr/include/x -O3 " +
        "-std=c++17 \\\"--generate-code=arch=compute_80,code=[compute_80,sm_80]\\\" -gencode " +
        "arch=compute_90a,code=sm_90a -Xcompiler=-Wall,-Wextra -x cu -MD -MT o.o -MF o.d " +
        "-ccbin /usr/bin/g++ -c " + source + " -o o.o");
    CHECK(c.origin == "compile_commands.json");
    CHECK(c.arches == std::vector<std::string>{"sm_80", "sm_90a"});
    // Each side sees the repository's include folder in its own tree; the rest stays as written.
    CHECK(ccmd_joined(odo::devcode::instantiate(c.flags, "/side")) ==
          "-DA=1 -I/side/include -isystem/side/include -isystem /usr/include/x -O3 -std=c++17 "
          "-Xcompiler=-Wall,-Wextra -x cu");
    CHECK(ccmd_joined(odo::devcode::instantiate(c.arch_flags, "/side")) ==
          "--generate-code=arch=compute_80,code=[compute_80,sm_80] -gencode "
          "arch=compute_90a,code=sm_90a");
}

TEST_CASE("compile command: \"arguments\" and shell quoting read alike") {
    CHECK(odo::devcode::detail::split_command_line("nvcc 'a b' \"c \\\"d\\\"\" e\\ f  g") ==
          std::vector<std::string>{"nvcc", "a b", "c \"d\"", "e f", "g"});
    const CcmdFixture f;
    f.dir.write("build/compile_commands.json",
                "[{\"directory\": \"" + f.build.string() +
                    "\", \"arguments\": [\"nvcc\", \"-DX=\\\"a\\\"\", \"-c\", \"" +
                    (f.root / "src/k.cu").string() + "\"], \"file\": \"../repo/src/k.cu\"}]");
    const auto c = CompileDatabase(f.build, f.root).command_for("src/k.cu");
    REQUIRE(c);
    CHECK(ccmd_joined(odo::devcode::instantiate(c->flags, "/s")) == "-DX=\"a\"");
    CHECK(c->arches.empty());
    CHECK_FALSE(CompileDatabase(f.build, f.root).command_for("src/other.cu"));
}

TEST_CASE("compile command: hostile entries are refused naming the file") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    CHECK(odo::text::starts_with(f.refusal("/bin/sh -c 'rm -rf /'" + source),
                                 f.build.string() +
                                     "/compile_commands.json: src/k.cu: the command "
                                     "runs '/bin/sh', neither nvcc nor a C++ compiler"));
    for (const char* flag :
         {"-Xcompiler=-O2,-fplugin=/tmp/p.so", "-Xcompiler -B/tmp/bin", "@/tmp/options",
          "-save-temps", "--keep-dir /tmp", "-Wl,-rpath,/x", "-run"})
        CHECK_MESSAGE(odo::text::ends_with(f.refusal(std::string("nvcc ") + flag + source),
                                           "(docs/security.md); refused"),
                      flag);
    // The second mention is refused whole or as a folder of it, bare or followed by a delimiter.
    for (const char* second : {"/b", "", ","})
        CHECK_MESSAGE(odo::text::ends_with(f.refusal("nvcc -Xcompiler=-I" + f.root.string() +
                                                     "/a,-I" + f.root.string() + second + source),
                                           "names the repository more than once; odo redirects "
                                           "one path of an option to each side; refused"),
                      second);
    CHECK(odo::text::ends_with(
        f.refusal("nvcc -DA=" + f.root.string() + "/a:" + f.root.string() + "/b" + source),
        "names the repository more than once; odo redirects one path of "
        "an option to each side; refused"));
    fs::create_directory_symlink("/usr/include", f.root / "escape");
    CHECK(odo::text::ends_with(f.refusal("nvcc -I" + (f.root / "escape").string() + source),
                               "leads outside the repository through a link; refused"));
    fs::create_symlink("/etc/hostname", f.root / "src/link.cu");
    f.database("nvcc -c " + (f.root / "src/link.cu").string(), "src/link.cu");
    CHECK_THROWS_WITH_AS(CompileDatabase(f.build, f.root).command_for("src/link.cu"),
                         doctest::Contains("leads outside the repository"), odo::InputError);

    f.dir.write("build/compile_commands.json", "{\"file\": 1}");
    CHECK_THROWS_WITH_AS(CompileDatabase(f.build, f.root), doctest::Contains("not a JSON array"),
                         odo::InputError);
    fs::resize_file(f.build / "compile_commands.json",
                    odo::devcode::max_compile_database_bytes + 1);
    CHECK_THROWS_WITH_AS(CompileDatabase(f.build, f.root), doctest::Contains("larger than 64 MiB"),
                         odo::InputError);
    fs::remove(f.build / "compile_commands.json");
    CHECK_THROWS_WITH_AS(CompileDatabase(f.build, f.root),
                         doctest::Contains("CMAKE_EXPORT_COMPILE_COMMANDS"), odo::InputError);
}

TEST_CASE("compile command: a repository path inside an option is redirected to each side") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    const std::string root = f.root.string();
    // The command is JSON text: \" is a quote inside the single-quoted shell word.
    const auto c =
        f.command("nvcc -Xcompiler=-I" + root + "/include,-Wall '-DCONFIG=\\\"" + root +
                  "/src/cfg.json\\\"' -DROOT=" + root + " -DOTHER=" + root + "-old/x" + source);
    CHECK(ccmd_joined(odo::devcode::instantiate(c.flags, "/s")) ==
          "-Xcompiler=-I/s/include,-Wall -DCONFIG=\"/s/src/cfg.json\" -DROOT=/s -DOTHER=" + root +
              "-old/x");
    // The path's checks hold inside an option too: a link out of the repository is refused.
    fs::create_directory_symlink("/usr/include", f.root / "escape");
    CHECK(odo::text::ends_with(f.refusal("nvcc -Xcompiler=-I" + root + "/escape" + source),
                               "leads outside the repository through a link; refused"));
}

TEST_CASE("compile command: a host C++ compiler's command, replayed by odo's own") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    for (const char* program :
         {"/usr/bin/c++", "g++", "clang++", "g++-12", "clang++-16", "x86_64-linux-gnu-g++-12"}) {
        const auto c = f.command(std::string(program) + " -O2 -I" + f.root.string() +
                                 "/include -o k.o -MD -MF k.d" + source);
        CHECK_MESSAGE(c.compiler == odo::devcode::CompilerKind::host_cxx, program);
        CHECK(ccmd_joined(odo::devcode::instantiate(c.flags, "/s")) == "-O2 -I/s/include");
    }
    CHECK(f.command("/usr/local/cuda/bin/nvcc" + source).compiler ==
          odo::devcode::CompilerKind::nvcc);
    for (const char* program : {"c++.sh", "gcc", "clang", "my-c++-wrapper", "ccache", "g++-12a"})
        CHECK_MESSAGE(odo::text::ends_with(f.refusal(std::string(program) + source),
                                           "neither nvcc nor a C++ compiler; odo replays a "
                                           "compile with its own nvcc or C++ compiler only"),
                      program);
    // Host compilers' own ways to load code or write files are refused as nvcc's are.
    for (const char* flag : {"-Xclang -load", "-fpass-plugin=/tmp/p.so", "-Wa,-adhln=/tmp/l",
                             "-aux-info /tmp/a", "-fopt-info=/tmp/o", "-fmodules-ts"})
        CHECK_MESSAGE(odo::text::ends_with(f.refusal(std::string("g++ ") + flag + source),
                                           "(docs/security.md); refused"),
                      flag);
}

TEST_CASE("compile command: an options file of the build is read as the command's arguments") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    // CMake's CUDA compile: the include directories in CMakeFiles/<target>.dir/includes_CUDA.rsp.
    f.dir.write("build/CMakeFiles/t.dir/includes_CUDA.rsp",
                "-I" + (f.root / "include").string() + " -isystem=/usr/local/cuda/include\n");
    f.dir.write("build/second.rsp", "-DSECOND=1");
    for (const std::string& spelling :
         {std::string("--options-file CMakeFiles/t.dir/includes_CUDA.rsp"),
          std::string("--options-file=CMakeFiles/t.dir/includes_CUDA.rsp,second.rsp"),
          std::string("-optf CMakeFiles/t.dir/includes_CUDA.rsp")}) {
        const auto c = f.command("nvcc -O3 " + spelling + " -std=c++17" + source);
        const std::string joined = ccmd_joined(odo::devcode::instantiate(c.flags, "/side"));
        CHECK_MESSAGE(
            odo::text::starts_with(joined, "-O3 -I/side/include -isystem=/usr/local/cuda/include"),
            spelling);
        CHECK(odo::text::ends_with(joined, "-std=c++17"));
        CHECK((joined.find("-DSECOND=1") != std::string::npos) ==
              (spelling.find("second.rsp") != std::string::npos));
    }

    // Its arguments pass the checks a command-line argument passes.
    f.dir.write("build/plugin.rsp", "-Xcompiler=-fplugin=/tmp/p.so");
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file plugin.rsp" + source),
                               "passes '-fplugin=/tmp/p.so' on, which is not on odo's allow-list "
                               "of compile options (docs/security.md); refused"));
    fs::create_directory_symlink("/usr/include", f.root / "escape");
    f.dir.write("build/escape.rsp", "-I" + (f.root / "escape").string());
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file escape.rsp" + source),
                               "leads outside the repository through a link; refused"));

    // The file itself: the build's, bounded, text, not naming another.
    f.dir.write("repo/in-repo.rsp", "-O2");
    CHECK(odo::text::ends_with(
        f.refusal("nvcc --options-file " + (f.root / "in-repo.rsp").string() + source),
        "is not inside the build directory; refused"));
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file ../repo/in-repo.rsp" + source),
                               "is not inside the build directory; refused"));
    fs::create_symlink("/etc/hostname", f.build / "link.rsp");
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file link.rsp" + source),
                               "is not inside the build directory; refused"));
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file missing.rsp" + source),
                               "is not a regular file; refused"));
    f.dir.write("build/nested.rsp", "-O2 --options-file=second.rsp");
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file nested.rsp" + source),
                               "names another options file; refused"));
    f.dir.write("build/nul.rsp", std::string("-O2\0-O3", 7));
    CHECK(odo::text::ends_with(f.refusal("nvcc --options-file nul.rsp" + source),
                               "holds a NUL byte; refused"));
    f.dir.write("build/huge.rsp", "");
    fs::resize_file(f.build / "huge.rsp", odo::devcode::max_options_file_bytes + 1);
    CHECK(odo::text::starts_with(f.refusal("nvcc --options-file huge.rsp" + source),
                                 f.build.string() +
                                     "/compile_commands.json: src/k.cu: options file 'huge.rsp' "
                                     "is larger than 1 MiB; refused"));
}

TEST_CASE("compile command: synthesized from the layout profile") {
    const odo::repo::Layout layout;
    const auto c = odo::devcode::synthesized_command(
        layout, "src/cvcuda/priv/OpX.cu",
        {"src/nvcv/include/nvcv/Tensor.hpp", "src/cvcuda/include/cvcuda/OpX.h", "README.md"});
    CHECK(c.origin == "layout profile");
    CHECK(c.arches == std::vector<std::string>{"sm_80", "sm_90"});
    CHECK(ccmd_joined(odo::devcode::instantiate(c.flags, "/s")) ==
          "-std=c++17 -x cu -I/s/src/cvcuda -I/s/python/mod_cvcuda -I/s/src/nvcv/include "
          "-I/s/src/cvcuda/include");
}

TEST_CASE("cost: .text bytes of an ELF64 object; a truncated or foreign one is refused") {
    // A minimal ELF64 LE object: header, section names, three sections (null, .text.k, .shstrtab).
    std::string elf(64, '\0');
    elf.replace(0, 6,
                "\x7f"
                "ELF\x02\x01");
    const std::string names = std::string("\0.text.k\0.shstrtab\0", 19);
    const std::uint64_t names_at = elf.size();
    elf += names;
    const std::uint64_t shoff = elf.size();
    auto put = [&](std::size_t at, auto value) {
        std::memcpy(elf.data() + at, &value, sizeof value);
    };
    elf.append(3 * 64, '\0');
    put(0x28, shoff);
    put(0x3A, std::uint16_t(64));
    put(0x3C, std::uint16_t(3));
    put(0x3E, std::uint16_t(2));
    put(shoff + 64, std::uint32_t(1)); // .text.k, 40 bytes
    put(shoff + 64 + 0x20, std::uint64_t(40));
    put(shoff + 128, std::uint32_t(9)); // .shstrtab
    put(shoff + 128 + 0x18, names_at);
    put(shoff + 128 + 0x20, std::uint64_t(names.size()));
    CHECK(odo::devcode::elf_text_bytes(elf, "k.o") == 40);
    CHECK_THROWS_WITH_AS(odo::devcode::elf_text_bytes(elf.substr(0, shoff + 100), "k.o"),
                         doctest::Contains("k.o: section table out of bounds"), odo::InputError);
    CHECK_THROWS_WITH_AS(odo::devcode::elf_text_bytes("#!/bin/sh\n", "k.o"),
                         doctest::Contains("not an ELF64 little-endian object"), odo::InputError);
}

TEST_CASE("compile command: every shell metacharacter is refused wherever an argument holds it") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    // Each written into the JSON "arguments" array, so no shell quoting stands in the way.
    std::vector<std::string> metacharacters{"\xc3\xa9"}; // and a non-ASCII letter
    for (const char c : std::string("$`\\;&|<>()*?~!#{}' \t\n\x01\x7f"))
        metacharacters.emplace_back(1, c);
    const std::vector<std::string> shapes{
        "-DX=a@b",         "-D@=1", "-Xcompiler=-Wall,@",     "-Xcompiler=-DX=@", "-I/usr/@include",
        "-isystem=/usr/@", "-O@",   "--generate-code=arch=@", "-Xptxas=-v,@",     "-std=c++@17"};
    for (const std::string& c : metacharacters)
        for (std::string shape : shapes) {
            shape.replace(shape.find('@'), 1, c);
            boost::json::array args{"nvcc", shape, "-c", (f.root / "src/k.cu").string()};
            f.dir.write("build/compile_commands.json",
                        boost::json::serialize(boost::json::array{
                            boost::json::object{{"directory", f.build.string()},
                                                {"arguments", args},
                                                {"file", (f.root / "src/k.cu").string()}}}));
            std::string message = "accepted";
            try {
                CompileDatabase(f.build, f.root).command_for("src/k.cu");
            } catch (const odo::InputError& e) {
                message = e.what();
            }
            CHECK_MESSAGE(odo::text::ends_with(message, "(docs/security.md); refused"),
                          shape << " -> " << message);
        }
    // The source's own name.
    f.dir.write("repo/src/k$(x).cu", "\n");
    f.database("nvcc -c '" + (f.root / "src/k$(x).cu").string() + "'", "src/k$(x).cu");
    CHECK_THROWS_WITH_AS(CompileDatabase(f.build, f.root).command_for("src/k$(x).cu"),
                         doctest::Contains("holds '$', outside the characters odo hands a "
                                           "compiler"),
                         odo::InputError);
}

TEST_CASE("compile command: the allow-list takes what CMake and CV-CUDA's builds record") {
    const CcmdFixture f;
    const std::string source = " -c " + (f.root / "src/k.cu").string();
    const auto c = f.command(
        "nvcc -forward-unknown-to-host-compiler -DNDEBUG -DVERSION=\\\\\\\"1.2\\\\\\\" "
        "--expt-relaxed-constexpr --extended-lambda -Xcompiler=-fPIC,-fvisibility=hidden "
        "-Xcompiler -Wno-deprecated-declarations -Xptxas -warn-spills -Xcudafe "
        "--diag_suppress=177 -Wno-deprecated-gpu-targets -lineinfo --use_fast_math -rdc=true "
        "-std c++17 --threads 2 -O3 -G -g -t=4 -maxrregcount=64 -Xfatbin=-compress-all" +
        source);
    CHECK(ccmd_joined(odo::devcode::instantiate(c.flags, "/s")).find("-std c++17") !=
          std::string::npos);
    const auto host = f.command("g++ -fPIC -O2 -g -pthread -march=native -Wall -Wno-unused "
                                "-fno-exceptions -fdiagnostics-color=always -std=gnu++17 -x c++" +
                                source);
    CHECK(host.compiler == odo::devcode::CompilerKind::host_cxx);
    // A host compile's file-writing options are refused as nvcc's are.
    for (const char* flag : {"--coverage", "-dumpdir /tmp/d", "-fprofile-arcs", "-save-temps",
                             "-fsanitize-blacklist=/x", "-MD -MF /tmp/x -Wl,-x"})
        CHECK_MESSAGE(odo::text::ends_with(f.refusal(std::string("g++ ") + flag + source),
                                           "(docs/security.md); refused"),
                      flag);
    // What no exec could run is refused before a path of it is resolved.
    std::string many = "nvcc";
    for (int i = 0; i < 5000; ++i)
        many += " -w";
    CHECK(odo::text::ends_with(f.refusal(many + source),
                               "more than one command can run (4096 arguments, " +
                                   std::to_string(::sysconf(_SC_ARG_MAX)) + " bytes); refused"));
}
