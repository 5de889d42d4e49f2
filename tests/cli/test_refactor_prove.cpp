// refactor_op --phase prove and --phase cost end to end on a throw-away git copy of
// examples/oplib with OPLIB_CUDA's kernels, and VER-6 taking the proof: each verdict and exit code,
// a change only in a shared header, a parameter dropped against two swapped, --revert's control,
// a host-only change, and hostile compile commands, links and compiler output. Needs nvcc (CI has
// it); each test says so and stops where there is none.
#include "cli_support.hpp"
#include "temp_dir.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>
#include <odo/core/program_path.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include <sys/stat.h>
#include <unistd.h>

namespace {

using odo::testing::contains;
using odo::testing::replace_in;
using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string prove_oplib = ODO_SOURCE_DIR "/examples/oplib";
const std::string prove_invert_cu = "src/cvcuda/priv/OpInvert.cu";
const std::string prove_launch_cuh = "src/cvcuda/priv/CudaLaunch.cuh";

// The nvcc refactor_op would run, as it finds one; nullopt when the machine has none.
std::optional<std::string> prove_nvcc() {
    if (const char* chosen = std::getenv("ODO_NVCC"); chosen && *chosen)
        return std::string(chosen);
    if (::access("/usr/local/cuda/bin/nvcc", X_OK) == 0)
        return std::string("/usr/local/cuda/bin/nvcc");
    if (auto found = odo::find_on_path("nvcc"))
        return found->string();
    return std::nullopt;
}

#define PROVE_NEEDS_NVCC()                                                                         \
    if (!prove_nvcc()) {                                                                           \
        MESSAGE("skipped: no nvcc (set $ODO_NVCC or install the CUDA Toolkit)");                   \
        return;                                                                                    \
    }

struct ProveRun {
    odo::ProcessResult process;
    boost::json::value report;

    std::string verdict() const { return std::string(report.at("verdict").as_string()); }
    // "class name" of every symbol that differs.
    std::string symbols() const {
        std::string out;
        for (const auto& s : report.at("symbols").as_array())
            out += std::string(s.at("class").as_string()) + " " +
                   std::string(s.at("base_name").as_string()) + "\n";
        return out;
    }
};

odo::ProcessResult prove_tool(const TempRepo& repo, const std::vector<std::string>& args,
                              const std::map<std::string, std::optional<std::string>>& env = {}) {
    return odo::run_process(ODO_REFACTOR_OP, args,
                            {repo.root(), std::chrono::seconds(300), {}, env, nullptr});
}

ProveRun prove_json(const TempRepo& repo, std::vector<std::string> args) {
    args.insert(args.begin(), {"Invert", "--phase", "prove", "--base", "main"});
    args.insert(args.end(), {"--format", "json"});
    ProveRun r{prove_tool(repo, args), {}};
    INFO(r.process.err);
    INFO(r.process.out);
    REQUIRE(r.process.exit_code != 2);
    r.report = odo::json::parse(r.process.out, "refactor_op stdout");
    return r;
}

// The build's compile_commands.json as CMake writes it for oplib with OPLIB_CUDA=ON and sm_80,
// the command's program and its flags given by the test.
std::string prove_database(const TempRepo& repo, const fs::path& build, const std::string& program,
                           const std::string& extra = "", const std::string& file = "") {
    const std::string root = repo.root().string();
    const std::string source = root + "/" + (file.empty() ? prove_invert_cu : file);
    return "[{\"directory\": \"" + build.string() + "\", \"command\": \"" + program +
           " -forward-unknown-to-host-compiler -DOPLIB_CUDA=1 -I" + root + "/src/nvcv/include -I" +
           root +
           "/src/cvcuda/include -O3 -DNDEBUG -std=c++17 "
           "\\\"--generate-code=arch=compute_80,code=[compute_80,sm_80]\\\" "
           "-Werror=all-warnings -Xcompiler=-Wall,-Wextra " +
           extra + " -x cu -MD -MT obj.o -MF obj.o.d -c " + source +
           " -o CMakeFiles/cvcuda.dir/obj.o\", \"file\": \"" + source + "\"}]\n";
}

// Whether bubblewrap runs here (a container may forbid the namespaces it needs).
bool prove_bwrap_works() {
    const auto bwrap = odo::find_on_path("bwrap");
    return bwrap &&
           odo::run_process(bwrap->string(),
                            {"--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"}, {})
               .ok();
}

// A build folder beside the repository holding a compile_commands.json.
struct ProveBuild {
    TempDir dir;
    ProveBuild(const TempRepo& repo, const std::string& program = "/usr/local/cuda/bin/nvcc",
               const std::string& extra = "", const std::string& file = "") {
        dir.write("compile_commands.json", prove_database(repo, dir.path(), program, extra, file));
    }
    std::string path() const { return dir.path().string(); }
};

// A TU that adds kOdoOffset from <header>, committed, and a build folder holding
// generated/<header> with `text`, searched after the repository's include folders.
struct GeneratedHeaderBuild {
    TempDir dir;
    GeneratedHeaderBuild(const TempRepo& repo, const std::string& header, const std::string& text) {
        replace_in(repo, prove_invert_cu, "#include <type_traits>",
                   "#include <type_traits>\n#include <" + header + ">");
        replace_in(repo, prove_invert_cu, "T(top - in[", "T(top + kOdoOffset - in[");
        repo.commit("chore: an offset from a generated header");
        dir.write("generated/" + header, text);
        dir.write(
            "compile_commands.json",
            prove_database(repo, dir.path(), "nvcc", "-I" + (dir.path() / "generated").string()));
    }
    std::string path() const { return dir.path().string(); }
};

} // namespace

TEST_CASE("prove: a rename and a reflow are MATCH at both stages, with recorded or layout flags") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const ProveBuild build(repo);
    replace_in(repo, prove_invert_cu, "const T top =", "const T maximum =");
    replace_in(repo, prove_invert_cu, "T(top - in[",
               "T(maximum -\n                                                   in[");
    replace_in(repo, prove_invert_cu, "if (i >= shape.w * shape.c)\n        return;",
               "if (i >= shape.w * shape.c) { return; }");

    const ProveRun sass = prove_json(repo, {"--build-dir", build.path()});
    CHECK(sass.verdict() == "MATCH");
    CHECK(sass.process.exit_code == 0);
    CHECK(sass.report.at("flags") == "compile_commands.json");
    CHECK(sass.report.at("stage") == "sass");
    // The recorded command's arch, the operator's CUDA TU, a fingerprint of both trees.
    CHECK(sass.report.at("arches").as_array() == boost::json::array{"sm_80"});
    CHECK(sass.report.at("files").as_array() == boost::json::array{prove_invert_cu});
    CHECK(sass.report.at("fingerprint").as_string().size() == 16);
    CHECK(sass.report.at("fingerprinted_files").as_int64() >= 4); // the TU and its headers, twice
    // Both kernels, each in an anonymous namespace, compared and found identical.
    const auto& compiled = sass.report.at("compiled").as_array().at(0);
    CHECK(compiled.at("symbols").as_int64() == 2);
    CHECK(sass.report.at("symbols").as_array().empty());

    const ProveRun ptx = prove_json(repo, {"--stage", "ptx", "--arch", "sm_80"});
    CHECK(ptx.verdict() == "MATCH");
    CHECK(ptx.report.at("flags") == "layout profile");

    // The markdown report says what it proves and what it does not.
    const auto md =
        prove_tool(repo, {"Invert", "--phase", "prove", "--arch", "sm_90", "--base", "main"});
    CHECK(md.exit_code == 0);
    CHECK(contains(md.out, "**MATCH**"));
    CHECK(contains(md.out, "## what this proves\nthe device code (sass) of " + prove_invert_cu +
                               " for sm_90"));
    CHECK(contains(md.out, "## what it does not prove\nhost code"));
}

TEST_CASE("prove: a changed constant, a shared header, a syntax error, a host-only change") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    SUBCASE("a changed constant names the kernel (anonymous namespace), lines and instructions") {
        replace_in(repo, prove_invert_cu, "T(255)", "T(254)");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
        CHECK(r.process.exit_code == 1);
        CHECK(contains(r.symbols(),
                       "changed cvcuda::priv::(anonymous namespace)::invertKernel<unsigned char>"));
        CHECK_FALSE(contains(r.symbols(), "invertKernel<float>")); // the float one kept 1
        const auto& changed = r.report.at("symbols").as_array()[0];
        CHECK(changed.at("changed_lines").as_int64() > 0);
    }
    SUBCASE("a change only in a header the TU includes is not a MATCH") {
        replace_in(repo, prove_launch_cuh, "return n * s.n + y * s.y + x * s.x + c * s.c;",
                   "return n * s.n + y * s.y + x * s.x + c * s.c + 1;");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
        CHECK(contains(r.symbols(), "invertKernel<float>"));
    }
    SUBCASE("a syntax error is PROOF-FAILED with the compiler's last lines") {
        replace_in(repo, prove_invert_cu, "const T top =", "const T top = = ");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "PROOF-FAILED");
        CHECK(r.process.exit_code == 1);
        const auto& failure = r.report.at("failures").as_array().at(0);
        CHECK(contains(std::string(failure.at("output").as_string()), "error"));
        CHECK(contains(std::string(failure.at("output").as_string()), "OpInvert.cu"));
    }
    SUBCASE("a host-only change proves MATCH with the TU it compiled") {
        replace_in(repo, prove_invert_cu, "checkLaunch(\"invertKernel\");",
                   "checkLaunch(\"invertKernel launch\");");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "MATCH");
        CHECK(r.report.at("reason") ==
              "every kernel, device function and module datum is identical");
    }
}

TEST_CASE("prove: a dropped parameter is signature-only; two swapped parameters are not") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    // The base gets a parameter the kernel never reads.
    replace_in(repo, prove_invert_cu, "nvcv::TensorStrides outStrides, nvcv::TensorShape shape) {",
               "nvcv::TensorStrides outStrides, nvcv::TensorShape shape, int unused) {");
    replace_in(repo, prove_invert_cu, "out.strides(), in.shape());",
               "out.strides(), in.shape(), 0);");
    repo.commit("chore: a kernel parameter nobody reads");
    SUBCASE("dropped: NEEDS-JUDGEMENT at PTX, exit 3; accepting it records, does not decide") {
        replace_in(repo, prove_invert_cu, ", nvcv::TensorShape shape, int unused) {",
                   ", nvcv::TensorShape shape) {");
        replace_in(repo, prove_invert_cu, "out.strides(), in.shape(), 0);",
                   "out.strides(), in.shape());");
        const ProveRun r = prove_json(repo, {"--stage", "ptx", "--arch", "sm_80"});
        CHECK(r.verdict() == "NEEDS-JUDGEMENT");
        CHECK(r.process.exit_code == 3);
        CHECK(contains(r.symbols(), "signature-only"));
        const ProveRun accepted =
            prove_json(repo, {"--stage", "ptx", "--arch", "sm_80", "--accept-signature-change"});
        CHECK(accepted.process.exit_code == 3);
        CHECK(accepted.report.at("signature_change_accepted") == true);
        CHECK(contains(std::string(accepted.report.at("reason").as_string()),
                       "a judgement recorded, not proven"));
    }
    SUBCASE("swapped: the order changed, which a renumbering would not") {
        replace_in(repo, prove_invert_cu,
                   "invertKernel(const T* in, nvcv::TensorStrides inStrides, T* out,\n"
                   "                             nvcv::TensorStrides outStrides,",
                   "invertKernel(const T* in, nvcv::TensorStrides outStrides, T* out,\n"
                   "                             nvcv::TensorStrides inStrides,");
        replace_in(repo, prove_invert_cu,
                   "(in.data<T>(), in.strides(), out.data<T>(),\n"
                   "                                                    "
                   "out.strides(),",
                   "(in.data<T>(), out.strides(), out.data<T>(),\n"
                   "                                                    in.strides(),");
        const ProveRun r = prove_json(repo, {"--stage", "ptx", "--arch", "sm_80"});
        CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
        CHECK_FALSE(contains(r.symbols(), "signature-only"));
    }
}

TEST_CASE("prove: --revert takes one file from the base, isolating the edit that changes code") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    replace_in(repo, prove_invert_cu, "T(255)", "T(254)"); // a change
    replace_in(repo, prove_launch_cuh, "// The offset of an element",
               "// Where an element"); // none
    const ProveRun kernel = prove_json(repo, {"--arch", "sm_80", "--revert", prove_invert_cu});
    CHECK(kernel.verdict() == "MATCH");
    CHECK(kernel.report.at("reverted").as_array() == boost::json::array{prove_invert_cu});
    const ProveRun header = prove_json(repo, {"--arch", "sm_80", "--revert", prove_launch_cuh});
    CHECK(header.verdict() == "DEVICE-CODE-CHANGED");
}

TEST_CASE("verify: VER-6 passes from the device-code proof, and not for a change") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const ProveBuild build(repo);
    auto ver6 = [&](std::string& evidence) {
        const auto r = prove_tool(
            repo, {"Invert", "--phase", "verify", "--build-dir", build.path(), "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code != 2);
        const auto report = odo::json::parse(r.out, "verify");
        evidence = odo::testing::finding_field(report, "VER-6", "evidence", "");
        return odo::testing::finding_field(report, "VER-6", "status", "absent");
    };
    std::string evidence;
    replace_in(repo, prove_invert_cu, "const T top =", "const T maximum =");
    replace_in(repo, prove_invert_cu, "T(top - in[", "T(maximum - in[");
    CHECK(ver6(evidence) == "PASS");
    CHECK(contains(evidence, "device-code proof sass sm_80; TUs " + prove_invert_cu + "; proof "));

    replace_in(repo, prove_invert_cu, "T(255)", "T(254)");
    CHECK(ver6(evidence) == "MANUAL");
    CHECK(contains(evidence, "the device code changed (cvcuda::priv::(anonymous namespace)::"
                             "invertKernel<unsigned char>"));
}

TEST_CASE("cost: CPU, object and .text bytes per TU, both sides, and the deltas of added code") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const ProveBuild build(repo);
    replace_in(repo, prove_invert_cu, "    else\n        launchInvert<float>(stream, in, out);",
               "    else if (in.dtype() == nvcv::DataType::F32)\n"
               "        launchInvert<float>(stream, in, out);\n"
               "    else\n        launchInvert<double>(stream, in, out);");
    const auto r = prove_tool(repo, {"Invert", "--phase", "cost", "--build-dir", build.path(),
                                     "--base", "main", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto report = odo::json::parse(r.out, "cost");
    const auto& tu = report.at("tus").as_array().at(0);
    CHECK(tu.at("file").as_string() == prove_invert_cu);
    CHECK(tu.at("base").at("text_bytes").as_int64() > 0);
    CHECK(tu.at("text_bytes_delta").as_int64() > 0);
    CHECK(tu.at("object_bytes_delta").as_int64() > 0);
    CHECK(report.at("repeat") == 1);
    CHECK(tu.at("now").at("cpu_seconds").is_double()); // a number, never a string
    // Counted inside bubblewrap too, where it runs (its PID namespace once hid the compiler's).
    CHECK(tu.at("base").at("cpu_seconds").as_double() > 0);
    CHECK(tu.at("now").at("cpu_seconds").as_double() > 0);
    // The build tree is never written: the database alone is in it.
    CHECK(std::distance(fs::directory_iterator(build.dir.path()), fs::directory_iterator()) == 1);
}

TEST_CASE("cost: a host TU replayed with odo's C++ compiler, no CUDA Toolkit needed") {
    TempRepo repo(prove_oplib);
    TempDir build;
    const std::string root = repo.root().string();
    const std::string priv_cpp = "src/cvcuda/priv/OpInvert.cpp";
    // The recorded program is the build's; odo runs its own C++ compiler with the recorded flags,
    // a repository path inside a -D value redirected to the side like an include directory.
    build.write(
        "compile_commands.json",
        "[{\"directory\": \"" + build.path().string() + "\", \"command\": \"/usr/bin/c++ -I" +
            root + "/src/nvcv/include -I" + root +
            "/src/cvcuda/include -isystem " ODO_SOURCE_DIR "/include -DCONFIG=\\\\\\\"" + root +
            "/bench/config/operators/invert.json\\\\\\\" -O2 -std=gnu++17 -MD -MF x.o.d -o x.o "
            "-c " +
            root + "/" + priv_cpp + "\", \"file\": \"" + root + "/" + priv_cpp + "\"}]\n");
    replace_in(repo, priv_cpp, "namespace cvcuda {",
               "int oplibCostExtra(int x) { return x * 3 + 1; }\n\nnamespace cvcuda {");
    const auto r = prove_tool(repo,
                              {"Invert", "--phase", "cost", "--build-dir", build.path().string(),
                               "--base", "main", "--format", "json"},
                              {{"ODO_NVCC", std::string("/nonexistent/nvcc")}});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto report = odo::json::parse(r.out, "cost");
    const auto& tus = report.at("tus").as_array();
    REQUIRE(tus.size() == 1);
    CHECK(tus.at(0).at("file").as_string() == priv_cpp);
    CHECK(tus.at(0).at("base").at("failure").as_string() == "");
    CHECK(tus.at(0).at("base").at("text_bytes").as_int64() > 0);
    CHECK(tus.at(0).at("text_bytes_delta").as_int64() > 0);
    CHECK(report.at("compilers").as_object().contains("host_cxx"));
    CHECK_FALSE(report.at("compilers").as_object().contains("nvcc"));
    // The operator's other TUs the build did not record are named, not measured.
    const auto& unrecorded = report.at("unrecorded").as_array();
    CHECK(std::find(unrecorded.begin(), unrecorded.end(), boost::json::value(prove_invert_cu)) !=
          unrecorded.end());
    CHECK(std::distance(fs::directory_iterator(build.path()), fs::directory_iterator()) == 1);

    const auto md = prove_tool(
        repo, {"Invert", "--phase", "cost", "--build-dir", build.path().string(), "--base", "main"},
        {{"ODO_NVCC", std::string("/nonexistent/nvcc")}});
    CHECK(md.exit_code == 0);
    CHECK(contains(md.out, "- C++ compiler: "));
    CHECK(contains(md.out, "| " + priv_cpp + " | base | "));
    CHECK(contains(md.out, "Not in the build's compile_commands.json (not measured): "));

    // A TU that no longer compiles: exit 1, the compiler's last lines in the report.
    replace_in(repo, priv_cpp, "int oplibCostExtra(int x) { return x * 3 + 1; }",
               "int oplibCostExtra(int x) { return x * 3 + ; }");
    const auto broken = prove_tool(
        repo, {"Invert", "--phase", "cost", "--build-dir", build.path().string(), "--base", "main"},
        {{"ODO_NVCC", std::string("/nonexistent/nvcc")}});
    CHECK(broken.exit_code == 1);
    CHECK(contains(broken.out, "| " + priv_cpp + " | now | compile failed"));
    CHECK(contains(broken.out, "## " + priv_cpp + ": compile failed\n```\n"));
    CHECK(contains(broken.out, "oplibCostExtra"));

    // A program that is no compiler is refused, naming it.
    build.write("compile_commands.json",
                "[{\"directory\": \"" + build.path().string() + "\", \"command\": \"/bin/sh -c " +
                    root + "/" + priv_cpp + "\", \"file\": \"" + root + "/" + priv_cpp + "\"}]\n");
    const auto sh =
        prove_tool(repo, {"Invert", "--phase", "cost", "--build-dir", build.path().string()});
    CHECK(sh.exit_code == 2);
    CHECK(contains(sh.err, "the command runs '/bin/sh', neither nvcc nor a C++ compiler"));
}

TEST_CASE("prove: hostile compile commands, links out of the repository, compiler output") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    auto refused = [&](const std::vector<std::string>& extra, const std::string& message,
                       const std::map<std::string, std::optional<std::string>>& env = {}) {
        std::vector<std::string> args{"Invert", "--phase", "prove", "--arch", "sm_80"};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = prove_tool(repo, args, env);
        CHECK(r.exit_code == 2);
        CHECK_MESSAGE(contains(r.err, message), r.err);
        CHECK_FALSE(contains(r.out, "MATCH"));
    };
    SUBCASE("a command that runs another program than nvcc") {
        const ProveBuild build(repo, "/bin/sh");
        refused({"--build-dir", build.path()}, "runs '/bin/sh', neither nvcc nor a C++ compiler");
    }
    SUBCASE("a flag that loads a plugin into the host compiler") {
        const ProveBuild build(repo, "nvcc", "-Xcompiler=-O2,-fplugin=/tmp/evil.so");
        refused({"--build-dir", build.path()},
                "passes '-fplugin=/tmp/evil.so' on, which is not on odo's allow-list");
    }
    SUBCASE("an include directory that is a link out of the repository") {
        const TempDir outside;
        outside.write("nvcv/Tensor.hpp", "#error read outside\n");
        fs::create_directory_symlink(outside.path(), repo.root() / "src/escape");
        const ProveBuild build(repo, "nvcc", "-I" + (repo.root() / "src/escape").string());
        refused({"--build-dir", build.path()}, "leads outside the repository");
    }
    SUBCASE("a TU that includes a repository file by its absolute path") {
        // Both sides would read the working tree's header: a change there would read as MATCH.
        replace_in(repo, prove_invert_cu, "#include \"CudaLaunch.cuh\"",
                   "#include \"" + (repo.root() / prove_launch_cuh).string() + "\"");
        repo.commit("chore: an absolute include");
        // Without bubblewrap the compile reads it, and the dependency check refuses; inside it
        // the working tree is not there to read, and the compile fails.
        refused({"--isolation", "environment"},
                "from the working tree, not the side's copy; refused");
        if (prove_bwrap_works()) {
            const auto r = prove_tool(repo, {"Invert", "--phase", "prove", "--arch", "sm_80",
                                             "--isolation", "bubblewrap"});
            CHECK(r.exit_code == 1);
            CHECK(contains(r.out, "PROOF-FAILED"));
        }
    }
    SUBCASE("a TU that is a link out of the repository") {
        const TempDir outside;
        const auto target = outside.write("Evil.cu", "__global__ void evil() {}\n");
        fs::create_symlink(target, repo.root() / "src/cvcuda/priv/Evil.cu");
        refused({"--file", "src/cvcuda/priv/Evil.cu"}, "leads outside the repository");
    }
    SUBCASE("a compiler whose PTX holds a NUL byte, whose cubin is not ELF, or is 300 MiB") {
        const TempDir tools;
        const auto script = [&](const std::string& name, const std::string& bytes) {
            const auto path = tools.write(
                name, "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n"
                      "printf '" +
                          bytes + "' > \"$out\"\n");
            ::chmod(path.c_str(), 0755);
            return path.string();
        };
        refused({"--stage", "ptx"}, "",
                {{"ODO_NVCC", script("nul_ptx", ".version 8.0\\n\\000.target sm_80\\n")}});
        refused({}, "", {{"ODO_NVCC", script("bad_cubin", "not an ELF file")}});
        const auto huge = tools.write(
            "huge_cubin", "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; "
                          "done\ntruncate -s 300M \"$out\"\n");
        ::chmod(huge.c_str(), 0755);
        refused({}, "the compiler's output is larger than 256 MiB; refused",
                {{"ODO_NVCC", huge.string()}});
    }
    SUBCASE("a compiler that exits 0 and writes nothing is PROOF-FAILED, not 'too large'") {
        const TempDir tools;
        const auto silent = tools.write("silent_nvcc", "#!/bin/sh\nexit 0\n");
        ::chmod(silent.c_str(), 0755);
        const auto r = prove_tool(
            repo,
            {"Invert", "--phase", "prove", "--arch", "sm_80", "--base", "main", "--format", "json"},
            {{"ODO_NVCC", silent.string()}});
        CHECK(r.exit_code == 1);
        CHECK(contains(r.out, "PROOF-FAILED"));
        CHECK(contains(r.out, "nvcc exited 0 but wrote no 0.cubin"));
    }
}

TEST_CASE("prove, cost: usage errors are exit 2") {
    TempRepo repo(prove_oplib);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"Invert", "--phase", "prove", "--stage", "sass2"},
          {"Invert", "--phase", "prove", "--arch", "80"},
          {"Invert", "--phase", "cost"},
          {"Invert", "--phase", "verify", "--revert", prove_invert_cu},
          {"Invert", "--phase", "prove", "--repeat", "2"},
          {"Invert", "--phase", "cost", "--build-dir", ".", "--repeat", "0"},
          {"Invert", "--phase", "prove", "--isolation", "none"},
          {"Invert", "--isolation", "environment"}}) {
        const auto r = prove_tool(repo, args);
        CHECK_MESSAGE(r.exit_code == 2, odo::text::join(args, " "));
    }
}

TEST_CASE("prove: a command substitution in a name, an argument or an options file never runs") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const TempDir marks;
    const std::string mark = (marks.path() / "ran").string();
    auto refused = [&](std::vector<std::string> args, const std::string& message) {
        args.insert(args.begin(), "Invert");
        const auto r = prove_tool(repo, args);
        INFO(odo::text::join(args, " "));
        CHECK_MESSAGE(r.exit_code == 2, r.out);
        CHECK_MESSAGE(contains(r.err, message), r.err);
        CHECK_MESSAGE(odo::text::ends_with(odo::text::strip(r.err),
                                           "outside the characters odo hands a compiler "
                                           "(docs/security.md); refused"),
                      r.err);
        CHECK_FALSE(fs::exists(mark));
    };
    SUBCASE("in a compile-commands argument") {
        for (const std::string& extra :
             {"-DX=$(touch${IFS}" + mark + ")", "'-DX=$(touch " + mark + ")'",
              "-Xcompiler=-Wall,`touch${IFS}" + mark + "`", "-DX=a;touch${IFS}" + mark}) {
            const ProveBuild build(repo, "nvcc", extra);
            refused({"--phase", "prove", "--arch", "sm_80", "--build-dir", build.path()},
                    "holds '");
            refused({"--phase", "cost", "--build-dir", build.path()}, "holds '");
        }
    }
    SUBCASE("in an options file's entry") {
        const ProveBuild build(repo, "nvcc", "--options-file evil.rsp");
        build.dir.write("evil.rsp", "-DX=$(touch${IFS}" + mark + ")\n");
        refused({"--phase", "prove", "--arch", "sm_80", "--build-dir", build.path()}, "holds '$'");
    }
    SUBCASE("in the name of a source, untracked or committed, with or without a build folder") {
        // A name holds no '/': the command would touch a file in the compile's folder.
        const std::string evil = "src/cvcuda/priv/legacy/Invert$(touch${IFS}ran).cu";
        repo.write(evil, "__global__ void evil() {}\n");
        refused({"--phase", "prove", "--arch", "sm_80"}, "holds '$'");
        repo.commit("feat: a file with a command in its name");
        refused({"--phase", "prove", "--arch", "sm_80", "--base", "main~1"}, "holds '$'");
        const ProveBuild build(repo, "nvcc", "", evil);
        refused({"--phase", "cost", "--build-dir", build.path()}, "holds '$'");
        // verify and the evidence gate take the refusal as a proof that could not run.
        const auto verify = prove_tool(repo, {"Invert", "--phase", "verify", "--base", "main~1",
                                              "--build-dir", build.path(), "--format", "json"});
        CHECK(contains(verify.out, "holds '$'"));
        CHECK_FALSE(fs::exists(mark));
    }
}

TEST_CASE("prove: options that write outside the scratch folder are refused, naming them") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const TempDir outside;
    const std::string target = (outside.path() / "written").string();
    for (const std::string& extra :
         {"--time " + target, "-time=" + target, "-fdevice-time-trace=" + target,
          "-Xcompiler=-MD,-MF," + target + ",-MT,TEXT", "-Xcompiler -MMD,-MF," + target,
          "--keep-dir " + outside.path().string(), "-odir " + outside.path().string()}) {
        const ProveBuild build(repo, "nvcc", extra);
        const auto r = prove_tool(
            repo, {"Invert", "--phase", "prove", "--arch", "sm_80", "--build-dir", build.path()});
        CHECK_MESSAGE(r.exit_code == 2, extra);
        CHECK_MESSAGE(contains(r.err, "on odo's allow-list of compile options (docs/security.md); "
                                      "refused"),
                      r.err);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1); // one line
        CHECK_FALSE(fs::exists(target));
    }
}

TEST_CASE("prove: the compiler runs with a scrubbed environment, isolated where bubblewrap works") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    // nvcc adds $NVCC_PREPEND_FLAGS to every command: had the compile seen the gate's
    // environment, the change would fail to compile.
    replace_in(repo, prove_invert_cu, "#include <type_traits>",
               "#include <type_traits>\n#ifdef ODO_LEAKED\n#error the environment leaked\n#endif");
    const std::map<std::string, std::optional<std::string>> env{
        {"NVCC_PREPEND_FLAGS", std::string("-DODO_LEAKED")},
        {"CI_JOB_TOKEN", std::string("secret")}};
    for (const char* isolation : {"environment", "auto"}) {
        const auto r = prove_tool(repo,
                                  {"Invert", "--phase", "prove", "--arch", "sm_80", "--base",
                                   "main", "--isolation", isolation, "--format", "json"},
                                  env);
        INFO(r.out);
        REQUIRE(r.exit_code == 0);
        const auto report = odo::json::parse(r.out, "prove");
        CHECK(report.at("verdict") == "MATCH");
        const std::string used(report.at("isolation").as_string());
        if (std::string(isolation) == "environment")
            CHECK(contains(used, "no bubblewrap (not asked for)"));
        else if (prove_bwrap_works())
            CHECK(odo::text::starts_with(used, "bubblewrap ("));
        else
            MESSAGE("bubblewrap does not work here: " << used);
    }
    if (!prove_bwrap_works()) {
        MESSAGE("skipped: bubblewrap does not work on this host");
        return;
    }
    const auto strict = prove_tool(repo, {"Invert", "--phase", "prove", "--arch", "sm_80", "--base",
                                          "main", "--isolation", "bubblewrap"});
    CHECK(strict.exit_code == 0);
    CHECK(contains(strict.out, "- isolation: bubblewrap (system and toolkit read-only"));
}

TEST_CASE("prove: a failed compile's report quotes no file from outside the repository") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const TempDir outside;
    const auto secret = outside.write("secret.txt", "TOPSECRET_TOKEN_LINE = 1;\n");
    replace_in(repo, prove_invert_cu, "#include <type_traits>",
               "#include <type_traits>\n#include \"" + secret.string() + "\"");
    for (const char* isolation : {"environment", "auto"}) {
        const auto r = prove_tool(repo, {"Invert", "--phase", "prove", "--arch", "sm_80", "--base",
                                         "main", "--isolation", isolation});
        CHECK(r.exit_code == 1);
        CHECK(contains(r.out, "PROOF-FAILED"));
        CHECK_FALSE(contains(r.out, "TOPSECRET"));
        // Lines naming the outside file are left out, and said to be; what is kept names the side
        // tree's file repository-relative, the same on every run.
        CHECK(contains(r.out, "lines of the compiler's output left out: they name no file of the "
                              "side tree]"));
        CHECK_FALSE(contains(r.out, "/tmp/odo-side-"));
    }
}

TEST_CASE("prove: a link in the build folder that leads into the repository is not shared") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    repo.write("src/shared/odo_offset.hpp", "constexpr int kOdoOffset = 0;\n");
    replace_in(repo, prove_invert_cu, "#include <type_traits>",
               "#include <type_traits>\n#include <odo_offset.hpp>");
    replace_in(repo, prove_invert_cu, "T(top - in[", "T(top + kOdoOffset - in[");
    repo.commit("chore: an offset from a shared header");
    TempDir build;
    fs::create_directory_symlink(repo.root() / "src/shared", build.path() / "generated");
    build.write(
        "compile_commands.json",
        prove_database(repo, build.path(), "nvcc", "-I" + (build.path() / "generated").string()));
    replace_in(repo, "src/shared/odo_offset.hpp", "= 0;", "= 1;");
    const ProveRun r = prove_json(repo, {"--build-dir", build.path().string()});
    CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
}

TEST_CASE("prove: a 3 GB untracked file is left out of the side trees, never read") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    { std::ofstream(repo.root() / "src/huge.bin").put('x'); }
    fs::resize_file(repo.root() / "src/huge.bin", std::uintmax_t(3) << 30); // sparse
    const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
    CHECK(r.verdict() == "MATCH");
    CHECK(r.report.at("left_out").as_array() == boost::json::array{"src/huge.bin"});
}

TEST_CASE("prove: a header left out for its size stops the compile, never found elsewhere") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const GeneratedHeaderBuild build(repo, "odo_offset.hpp", "constexpr int kOdoOffset = 0;\n");
    // The change puts a 3 GB header of that name in an include folder searched first.
    const fs::path huge = repo.root() / "src/cvcuda/include/odo_offset.hpp";
    { std::ofstream(huge).put('x'); }
    fs::resize_file(huge, std::uintmax_t(3) << 30); // sparse
    const ProveRun r = prove_json(repo, {"--build-dir", build.path()});
    CHECK(r.verdict() == "PROOF-FAILED");
    CHECK(r.report.at("left_out").as_array() ==
          boost::json::array{"src/cvcuda/include/odo_offset.hpp"});
}

TEST_CASE("prove, verify: a host-only change says its host code was not compared") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const ProveBuild build(repo);
    replace_in(repo, prove_invert_cu, "checkLaunch(\"invertKernel\");",
               "checkLaunch(\"invertKernel launch\");");
    const ProveRun r = prove_json(repo, {"--build-dir", build.path()});
    CHECK(r.verdict() == "MATCH");
    CHECK(r.report.at("host_code_changed").as_array() == boost::json::array{prove_invert_cu});
    CHECK(contains(std::string(r.report.at("host_code").as_string()),
                   "not compared; the change touched " + prove_invert_cu));
    const auto md = prove_tool(
        repo, {"Invert", "--phase", "prove", "--base", "main", "--build-dir", build.path()});
    CHECK(contains(md.out, "- host code: not compared; the change touched " + prove_invert_cu));
    const auto verify = prove_tool(
        repo, {"Invert", "--phase", "verify", "--build-dir", build.path(), "--format", "json"});
    const auto report = odo::json::parse(verify.out, "verify");
    CHECK(odo::testing::finding_field(report, "VER-6", "status", "") == "PASS");
    const std::string summary = odo::testing::finding_field(report, "VER-6", "summary", "");
    CHECK(summary == "Device code identical on every TU compiled; host code not compared");
    CHECK_FALSE(contains(summary, "Bit-exact"));
    CHECK(contains(odo::testing::finding_field(report, "VER-6", "evidence", ""),
                   "host code: not compared; the change touched " + prove_invert_cu));
}

TEST_CASE("prove: --revert of a path neither side has is exit 2") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const auto r = prove_tool(repo, {"Invert", "--phase", "prove", "--arch", "sm_80", "--base",
                                     "main", "--revert", "src/none.cu"});
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, "--revert src/none.cu: neither the base nor the change has it"));
}

TEST_CASE("prove: the side trees hold the TUs' include closure, or the whole tree when it cannot") {
    PROVE_NEEDS_NVCC();
    TempRepo repo(prove_oplib);
    const std::string offset_header = "src/cvcuda/include/odo_offset.hpp";
    repo.write(offset_header, "constexpr int kOdoOffset = 0;\n");
    repo.write("docs/unrelated.md", "# not compiled\n");
    SUBCASE("a header the change newly includes is written from the base") {
        repo.commit("chore: a header no TU includes yet");
        replace_in(repo, prove_invert_cu, "#include <type_traits>",
                   "#include <type_traits>\n#include <odo_offset.hpp>");
        replace_in(repo, prove_invert_cu, "T(top - in[", "T(top + kOdoOffset - in[");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "MATCH"); // the offset is 0: the same device code
        const std::string trees(r.report.at("side_trees").as_string());
        CHECK_MESSAGE(odo::text::starts_with(trees, "include closure ("), trees);
        CHECK(contains(trees, " stubs)"));
    }
    SUBCASE("a header named by a macro: the whole tree, and a change in it is seen") {
        replace_in(repo, prove_invert_cu, "#include <type_traits>",
                   "#include <type_traits>\n#define ODO_OFFSET <odo_offset.hpp>\n"
                   "#include ODO_OFFSET");
        replace_in(repo, prove_invert_cu, "T(top - in[", "T(top + kOdoOffset - in[");
        repo.commit("chore: an offset through a macro");
        replace_in(repo, offset_header, "= 0;", "= 1;");
        const ProveRun r = prove_json(repo, {"--arch", "sm_80"});
        CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
        CHECK(r.report.at("side_trees") == "whole tree (a source names a header by a macro)");
    }
    SUBCASE("a repository header included from outside it: a stub stops the compile, then the "
            "whole tree") {
        const GeneratedHeaderBuild build(repo, "generated_offset.hpp",
                                         "#include <odo_offset.hpp>\n");
        replace_in(repo, offset_header, "= 0;", "= 1;");
        const ProveRun r = prove_json(repo, {"--build-dir", build.path()});
        CHECK(r.verdict() == "DEVICE-CODE-CHANGED");
        CHECK(std::string(r.report.at("side_trees").as_string()) ==
              "whole tree (" + prove_invert_cu +
                  " includes a file the scan of its include directives did not find)");
    }
}
