// refactor_op end to end on throw-away git repositories laid out from tests/data/refactor: assess
// reports, verify's GAP for every frozen surface a refactor must not move and PARITY-OK with pixel
// evidence, the whole-corpus modes, and the usage errors (exit 2).
#include "cli_support.hpp"
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <odo/core/json_read.hpp>

#include <doctest/doctest.h>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

namespace {

using odo::testing::TempRepo;
namespace fs = std::filesystem;

const std::string refactor_fixture = ODO_TEST_DATA_DIR "/refactor";
const std::string twin_cu = "src/cvcuda/priv/OpTwin.cu";

odo::ProcessResult refactor_op(const TempRepo& repo, const std::vector<std::string>& args) {
    return odo::testing::run_in(repo.root(), ODO_REFACTOR_OP, args);
}

struct RefactorRun {
    odo::ProcessResult process;
    boost::json::value report;

    std::string status(const std::string& id) const {
        return odo::testing::finding_field(report, id, "status", "absent");
    }
    std::string field(const std::string& id, const char* name) const {
        return odo::testing::finding_field(report, id, name, {});
    }
    std::string verdict() const { return std::string(report.at("verdict").as_string()); }
};

RefactorRun json_run(const TempRepo& repo, std::vector<std::string> args) {
    args.insert(args.end(), {"--format", "json"});
    RefactorRun r{refactor_op(repo, args), {}};
    INFO(r.process.err);
    REQUIRE(r.process.started);
    REQUIRE(r.process.exit_code != 2);
    r.report = odo::json::parse(r.process.out, "refactor_op stdout");
    return r;
}

using odo::testing::contains;

using odo::testing::replace_in;

// The line odo's pixel evidence log prints for one test, naming the tree it ran on ("{SOURCES}":
// the tree verify judges, filled in by verify()).
std::string pixel_line(const std::string& test, bool green,
                       const std::string& sources = "{SOURCES}") {
    return std::string(green ? "- [x]" : "- [ ]") +
           " **Pixelwise equality to reference** \xE2\x80\x94 `assert output == reference` "
           "(exact: bit-exact u8) against the host reference in `" +
           test + "`: " + (green ? "4/4" : "3/4") + " variants passed, 1024 elements compared" +
           (sources.empty() ? "" : "; sources " + sources);
}

// The sources fingerprint verify judges: the one its gate line names.
std::string verified_sources(const TempRepo& repo, const std::string& op = "Twin") {
    const RefactorRun r = json_run(repo, {op, "--phase", "verify"});
    const std::string line(r.report.at("checklist").as_string());
    const auto at = line.find(" on sources ");
    REQUIRE(at != std::string::npos);
    return line.substr(at + 12, 16);
}

RefactorRun verify(const TempRepo& repo, std::string pixels = "") {
    std::vector<std::string> args{"Twin", "--phase", "verify"};
    if (!pixels.empty()) {
        for (auto at = pixels.find("{SOURCES}"); at != std::string::npos;
             at = pixels.find("{SOURCES}"))
            pixels.replace(at, 9, verified_sources(repo));
        repo.write("../pixels.txt", pixels);
        args.insert(args.end(), {"--pixel-evidence", (repo.root() / "../pixels.txt").string()});
    }
    return json_run(repo, args);
}

} // namespace

TEST_CASE("assess: the JSON report's shape, exit 0 whatever it finds, and the markdown title") {
    TempRepo repo(refactor_fixture);
    const RefactorRun r = json_run(repo, {"Twin"});
    CHECK(r.process.exit_code == 0);
    CHECK(r.report.at("phase") == "assess");
    CHECK(r.report.at("operator") == "Twin");
    CHECK(r.report.at("op") == "twin");
    CHECK(r.report.at("exit_gap") == 0);
    CHECK(r.verdict() == "ADVISORY");
    CHECK(r.status("RED-1") == "RECOMMENDATION");
    CHECK(r.status("RED-3") == "MANUAL");
    CHECK(r.report.at("domains").as_array().size() == 3);
    CHECK(contains(std::string(r.report.at("checklist").as_string()),
                   "`refactor_op Twin --phase assess` on sources "));

    const auto md = refactor_op(repo, {"twin", "--domain", "api"});
    CHECK(md.exit_code == 0);
    CHECK(contains(md.out, "# refactor-op: Twin  (op=twin)  phase=assess\n\n## api\n"));
    CHECK(!contains(md.out, "## impl"));

    // The guideline's curated floor reaches the checks; the command line's wins over it.
    repo.write(".agents/guidance/REFACTOR_OP_GUIDELINES.md", "min-block-lines: 40\n");
    CHECK(json_run(repo, {"Twin"}).status("RED-1") == "PASS");
    CHECK(json_run(repo, {"Twin", "--min-block-lines", "6"}).status("RED-1") == "RECOMMENDATION");
}

TEST_CASE("assess: an unused function-like macro in an unnamed namespace is no dead function") {
    // FindHomography's is_aligned: `#define name(...) do { ... } while (0)`, never expanded.
    TempRepo repo(refactor_fixture);
    std::string macro =
        "namespace {\n#define is_aligned(POINTER, BYTES, msg) \\\n    do \\\n    { \\\n";
    for (int k = 0; k < 6; ++k)
        macro += "        check(POINTER, BYTES, msg, " + std::to_string(k) + "); \\\n";
    macro += "    } \\\n    while (0)\n} // namespace\n";
    const std::string clean_cpp = "src/cvcuda/priv/OpClean.cpp";
    repo.write(clean_cpp, repo.read(clean_cpp) + macro);
    CHECK(json_run(repo, {"Clean", "--domain", "xcut"}).status("RED-11") == "PASS");
    repo.write(clean_cpp, repo.read(clean_cpp) + "static int unusedClean(int a)\n{\n" +
                              std::string(6, ' ') +
                              "a += 1;\n a += 2;\n a += 3;\n a += 4;\n "
                              "a += 5;\n return a;\n}\n");
    const RefactorRun dead = json_run(repo, {"Clean", "--domain", "xcut"});
    CHECK(dead.status("RED-11") == "RECOMMENDATION");
    CHECK(contains(dead.field("RED-11", "evidence"), "unusedClean"));
    CHECK(!contains(dead.field("RED-11", "evidence"), "is_aligned"));
}

TEST_CASE("usage errors exit 2 with one line") {
    TempRepo repo(refactor_fixture);
    for (const std::vector<std::string>& args : {std::vector<std::string>{},
                                                 {"Twin", "--domain", "impl,bogus"},
                                                 {"Twin", "--min-block-lines", "0"},
                                                 {"Twin", "--phase", "apply"},
                                                 {"Twin", "--format", "xml"},
                                                 {"NoSuchOperator"},
                                                 {"Twin", "--all-operators"},
                                                 {"--variants", "x", "--phase", "verify"},
                                                 {"--all-operators", "--variants", "x"},
                                                 {"Twin", "--pixel-evidence", "x.txt"},
                                                 {"Twin", "--phase", "verify", "--base", "nope"}}) {
        const auto r = refactor_op(repo, args);
        INFO(odo::text::join(args, " "));
        CHECK(r.exit_code == 2);
        CHECK(!r.err.empty());
    }
}

TEST_CASE("assess: an operator source that is a FIFO or a directory exits 2 naming it") {
    TempRepo repo(refactor_fixture);
    const std::string path = (repo.root() / twin_cu).string();
    repo.remove(twin_cu);
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0); // read, it would block; left out, pass unseen
    const auto fifo = refactor_op(repo, {"Twin"});
    CHECK(fifo.exit_code == 2);
    CHECK(fifo.err ==
          "refactor_op: " + twin_cu + ": a FIFO; an operator source must be a regular file\n");
    repo.remove(twin_cu);
    fs::create_directories(path);
    const auto directory = refactor_op(repo, {"Twin"});
    CHECK(directory.exit_code == 2);
    CHECK(contains(directory.err, twin_cu + ": a directory;"));
}

TEST_CASE("assess: a private directory that cannot be read exits 2 naming it, not 'no private "
          "implementation files'") {
    const std::string priv = "src/cvcuda/priv";
    {
        TempRepo repo(refactor_fixture);
        fs::remove_all(repo.root() / priv);
        repo.write(priv, "not a directory\n");
        const auto file = refactor_op(repo, {"Twin"});
        CHECK(file.exit_code == 2);
        CHECK(file.err == "refactor_op: cannot read " + priv + ": not a directory\n");
        fs::remove(repo.root() / priv);
        fs::create_directory_symlink(repo.root() / "nowhere", repo.root() / priv);
        const auto dangling = refactor_op(repo, {"Twin"});
        CHECK(dangling.exit_code == 2);
        CHECK(dangling.err == "refactor_op: cannot read " + priv + ": not a directory\n");
    }
    if (::geteuid() == 0) {
        MESSAGE("skipped the chmod 000 case: root reads a folder whatever its mode");
        return;
    }
    TempRepo repo(refactor_fixture);
    fs::permissions(repo.root() / priv, fs::perms::none);
    const auto unreadable = refactor_op(repo, {"Twin"});
    fs::permissions(repo.root() / priv, fs::perms::owner_all); // so the repository can be removed
    CHECK(unreadable.exit_code == 2);
    CHECK(unreadable.err == "refactor_op: cannot read " + priv + ": Permission denied\n");
}

TEST_CASE("verify: a refactor that changes nothing is PARITY-OK with pixel evidence") {
    TempRepo repo(refactor_fixture);
    const RefactorRun without = verify(repo);
    CHECK(without.process.exit_code == 0);
    CHECK(without.status("VER-6") == "MANUAL"); // no evidence: proof still owed
    CHECK(without.verdict() == "NEEDS-LOCAL-PROOF");

    const RefactorRun with =
        verify(repo, "noise\n" + pixel_line("TestOpTwin.correct_output", true) + "\n" +
                         pixel_line("TestOpOther.correct_output", false) + "\n");
    for (const char* id : {"VER-4", "VER-1", "VER-5", "VER-2", "VER-3", "VER-6", "VER-7"})
        CHECK_MESSAGE(with.status(id) == "PASS", id);
    CHECK(with.verdict() == "PARITY-OK");
    CHECK(with.process.exit_code == 0);
    CHECK(contains(with.field("VER-6", "evidence"), "1 test(s), 4 variant(s) green"));
    // The report names the base as a commit, and so does its gate line, for ODO-8 to match.
    CHECK(with.report.at("base_commit").as_string() == repo.head());
    CHECK(contains(std::string(with.report.at("checklist").as_string()),
                   "`refactor_op Twin --phase verify --base " + repo.head() + "` on sources "));

    const RefactorRun other = verify(repo, pixel_line("TestOpOther.correct_output", true) + "\n");
    CHECK(other.status("VER-6") == "MANUAL"); // another operator's evidence proves nothing here

    const RefactorRun red = verify(repo, pixel_line("TestOpTwin.correct_output", false) + "\n");
    CHECK(red.status("VER-6") == "GAP");
    CHECK(red.verdict() == "GATE-FAIL");
    CHECK(red.process.exit_code == 1);
}

TEST_CASE("verify: a pixel evidence line that names no tree, or another tree, is refused") {
    TempRepo repo(refactor_fixture);
    const RefactorRun typed =
        verify(repo, pixel_line("TestOpTwin.correct_output", true, "") + "\n");
    CHECK(typed.status("VER-6") == "MANUAL");
    CHECK(typed.field("VER-6", "summary") == "No pixel evidence line names the sources verified");
    CHECK(typed.verdict() == "NEEDS-LOCAL-PROOF");
    const RefactorRun stale =
        verify(repo, pixel_line("TestOpTwin.correct_output", true, "0123456789abcdef") + "\n");
    CHECK(stale.status("VER-6") == "MANUAL");
    CHECK(contains(stale.field("VER-6", "evidence"), "; sources " + verified_sources(repo)));
}

TEST_CASE("verify: unifying the twin kernels resolves RED-1; a new duplicate is a GAP") {
    TempRepo repo(refactor_fixture);
    const std::string green = pixel_line("TestOpTwin.correct_output", true) + "\n";
    std::string code = repo.read(twin_cu);
    const auto from = code.find("template <class T>\n__global__ void addVarShape");
    const auto to = code.find("static int unusedHelper");
    code.erase(from, to - from);
    repo.write(twin_cu, code);
    const RefactorRun unified = verify(repo, green);
    CHECK(unified.status("VER-7") == "PASS");
    CHECK(unified.verdict() == "PARITY-OK");
    const auto& summary = unified.report.at("summary");
    CHECK(summary.at("redundancy_resolved").as_array().size() == 1);
    CHECK(summary.at("redundancy_resolved").as_array()[0] == "RED-1");
    CHECK(summary.at("loc_deletions").as_int64() > 0);

    TempRepo copy(refactor_fixture);
    copy.write(twin_cu,
               copy.read(twin_cu) +
                   "\nstatic int unusedHelper2(int a)\n{\n    int b = a * 2;\n"
                   "    b += 1;\n    b *= 3;\n    b -= 4;\n    b /= 5;\n    return b;\n}\n");
    const RefactorRun worse = verify(copy, green);
    CHECK(worse.status("VER-7") == "GAP");
    CHECK(worse.field("VER-7", "evidence") == "RED-1 1->2"); // a second copy of the dead helper
}

TEST_CASE("verify: frozen tests, frozen benchmarks, the feature matrix and the public API") {
    const std::string green = pixel_line("TestOpTwin.correct_output", true) + "\n";
    SUBCASE("a test edited without changing its suites") {
        TempRepo repo(refactor_fixture);
        replace_in(repo, "tests/cvcuda/system/TestOpTwin.cpp", "goldTwin()", "goldTwin(1)");
        const RefactorRun r = verify(repo, green);
        CHECK(r.status("VER-1") == "GAP");
        CHECK(r.status("VER-5") == "PASS");
        CHECK(r.verdict() == "GATE-FAIL");
        CHECK(r.process.exit_code == 1);
    }
    SUBCASE("a test suite removed") {
        TempRepo repo(refactor_fixture);
        replace_in(repo, "tests/cvcuda/system/TestOpTwin.cpp", "TEST(OpTwin, varshape", "void (x");
        const RefactorRun r = verify(repo, green);
        CHECK(r.status("VER-1") == "GAP");
        CHECK(r.status("VER-5") == "GAP");
    }
    SUBCASE("a Python test function dropped, and one only reflowed") {
        TempRepo repo(refactor_fixture);
        const std::string py = "tests/cvcuda/python/test_optwin.py";
        repo.write(py, "import pytest\n\n\n@pytest.mark.parametrize(\"n\", [1, 2])\n"
                       "def test_twin(n):\n    assert n == n\n\n\n"
                       "class TestTwinVarShape:\n    def test_varshape(self):\n        pass\n");
        repo.commit("the operator's Python tests");
        replace_in(repo, py, "    assert n == n\n", "    assert (\n        n == n\n    )\n");
        const RefactorRun reflowed = verify(repo, green);
        CHECK(reflowed.status("VER-1") == "GAP");  // the test file changed
        CHECK(reflowed.status("VER-5") == "PASS"); // but it collects the same tests
        replace_in(repo, py, "    def test_varshape(self):\n", "    def varshape(self):\n");
        const RefactorRun dropped = verify(repo, green);
        CHECK(dropped.status("VER-5") == "GAP");
        CHECK(contains(dropped.field("VER-5", "evidence"),
                       "pytest:TestTwinVarShape.test_varshape, pytest:test_twin"));
        replace_in(repo, py, "[1, 2]", "[1]");
        CHECK(contains(verify(repo, green).field("VER-5", "evidence"),
                       "now=[TEST:OpTwin, TEST:OpTwin, value_rows=0, pytest:test_twin, "
                       "pytest:test_twin parametrize=1]"));
    }
    SUBCASE("a benchmark file, even a new one nobody added to git") {
        TempRepo repo(refactor_fixture);
        repo.write("bench/cpp/ops/BenchTwin.cpp", "// new\n");
        const RefactorRun r = verify(repo, green);
        CHECK(r.status("VER-2") == "GAP");
        CHECK(r.field("VER-2", "evidence") == "bench/cpp/ops/BenchTwin.cpp");
    }
    SUBCASE("the declared feature matrix") {
        TempRepo repo(refactor_fixture);
        replace_in(repo, "src/cvcuda/include/cvcuda/OpTwin.h", " *      16bit Unsigned | Yes\n",
                   "");
        const RefactorRun r = verify(repo, green);
        CHECK(r.status("VER-4") == "GAP");
        CHECK(contains(r.field("VER-4", "evidence"), "dt=[f32,u16,u8]"));
        CHECK(r.status("VER-3") == "MANUAL"); // a header change without a signature line
    }
    SUBCASE("a public signature") {
        TempRepo repo(refactor_fixture);
        replace_in(repo, "src/cvcuda/include/cvcuda/OpTwin.h",
                   "cvcudaTwinSubmit(NVCVOperatorHandle handle,",
                   "cvcudaTwinSubmit(NVCVOperatorHandle op,");
        const RefactorRun r = verify(repo, green);
        CHECK(r.status("VER-3") == "GAP");
        CHECK(r.status("VER-4") == "PASS");
    }
    SUBCASE("the Python binding's API, and its implementation alone") {
        TempRepo repo(refactor_fixture);
        replace_in(repo, "python/mod_cvcuda/operators/OpCopycat.cpp", "return CopycatInto",
                   "auto result = CopycatInto");
        replace_in(repo, "python/mod_cvcuda/operators/OpCopycat.cpp", "pstream);\n}",
                   "pstream);\n    return result;\n}");
        const RefactorRun body = json_run(repo, {"Copycat", "--phase", "verify"});
        CHECK(body.status("VER-3") == "PASS");
        replace_in(repo, "python/mod_cvcuda/operators/OpCopycat.cpp", "m.def(\"copycat\"",
                   "m.def(\"copy_cat\"");
        const RefactorRun api = json_run(repo, {"Copycat", "--phase", "verify"});
        CHECK(api.status("VER-3") == "GAP");
    }
}

TEST_CASE("the whole-corpus modes on the fixture library") {
    TempRepo repo(refactor_fixture);
    const RefactorRun all{refactor_op(repo, {"--all-operators", "--format", "json"}), {}};
    REQUIRE(all.process.exit_code == 0);
    const auto report = odo::json::parse(all.process.out, "stdout");
    const auto& ops = report.at("operators").as_array();
    REQUIRE(ops.size() == 4);
    CHECK(ops[0].at("Op") == "Clean");
    CHECK(ops[0].at("open") == 0);
    CHECK(ops[3].at("Op") == "Twin");
    // The roll-up equals the single-operator run.
    const RefactorRun twin = json_run(repo, {"Twin"});
    std::size_t open = 0;
    for (const auto& f : twin.report.at("findings").as_array())
        open += f.at("status") == "RECOMMENDATION" || f.at("status") == "MANUAL";
    CHECK(ops[3].at("open").as_int64() == static_cast<std::int64_t>(open));
    CHECK(refactor_op(repo, {"--all-operators"}).out.find("| Twin | ") != std::string::npos);

    const auto variants = refactor_op(repo, {"--variants", "dispatch", "--format", "json"});
    REQUIRE(variants.exit_code == 0);
    const auto v = odo::json::parse(variants.out, "stdout");
    CHECK(v.at("block") == "dispatch");
    CHECK(v.at("variants").as_array().size() == 2); // Clean's and Twin's differ
    CHECK(contains(refactor_op(repo, {"--variants", "dispatch"}).out, "More than one variant"));

    const auto hoist =
        refactor_op(repo, {"--simulate-hoist", "addTensor,copycatTensor", "--format", "json"});
    REQUIRE(hoist.exit_code == 0);
    const auto h = odo::json::parse(hoist.out, "stdout");
    CHECK(h.at("hoisted").as_array().size() == 2);
    bool twin_row = false;
    for (const auto& row : h.at("operators").as_array())
        if (row.at("Op") == "Twin") {
            twin_row = true;
            CHECK(row.at("before") == 2);
            CHECK(row.at("after") == 0); // addVarShape matched only the hoisted copy
        }
    CHECK(twin_row);
}
