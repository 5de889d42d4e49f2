// The assess checks on the fixture library tests/data/refactor: each RED finding driven to every
// status it can take (assess has no GAP), and the report's two renderings.
#include "memory_tree.hpp"
#include "text_helpers.hpp"

#include <odo/refactor/assess_phase.hpp>
#include <odo/refactor/render.hpp>
#include <odo/refactor/settings.hpp>
#include <odo/repo/operator.hpp>

#include <doctest/doctest.h>

#include <algorithm>

using namespace odo::refactor;

namespace {

AssessSettings cvcuda_settings() {
    return layout_settings(odo::repo::Layout::cvcuda());
}

const std::filesystem::path fixture = ODO_TEST_DATA_DIR "/refactor";

std::vector<Finding> assess(const std::string& name, AssessSettings settings = cvcuda_settings()) {
    const auto op = odo::repo::resolve_operator(fixture, odo::repo::Layout::cvcuda(), name);
    const odo::repo::WorkingTree tree(fixture);
    return assess_findings({op, tree}, settings);
}

std::vector<const Finding*> with_id(const std::vector<Finding>& findings, const std::string& id) {
    std::vector<const Finding*> out;
    for (const Finding& f : findings)
        if (f.id == id)
            out.push_back(&f);
    return out;
}

Status status_of(const std::vector<Finding>& findings, const std::string& id) {
    const auto found = with_id(findings, id);
    REQUIRE_MESSAGE(found.size() >= 1, id);
    return found.front()->status;
}

using odo::testing::contains;

} // namespace

TEST_CASE("Twin: every lead of its sources is reported, in the reference's order") {
    const auto f = assess("twin");
    std::vector<std::string> ids;
    for (const Finding& x : f)
        if (ids.empty() || ids.back() != x.id)
            ids.push_back(x.id);
    CHECK(ids == std::vector<std::string>{"RED-1", "RED-2", "RED-3", "RED-4", "RED-5", "RED-6",
                                          "RED-10", "RED-12", "RED-11"});

    const auto red1 = with_id(f, "RED-1");
    REQUIRE(red1.size() == 1);
    CHECK(red1[0]->status == Status::Recommendation);
    CHECK(contains(red1[0]->summary, "'addTensor' and 'addVarShape' (jaccard 0.80)"));
    CHECK(red1[0]->evidence == "src/cvcuda/priv/OpTwin.cu:19 vs src/cvcuda/priv/OpTwin.cu:37");
    CHECK(red1[0]->guideline == ".agents/guidance/REFACTOR_OP_GUIDELINES.md#impl");

    const auto red2 = with_id(f, "RED-2");
    REQUIRE(red2.size() == 2); // each body of its own, not one entry per name
    CHECK(red2[0]->status == Status::Recommendation);
    CHECK(contains(red2[0]->summary,
                   "'addTensor' is repeated in 1 other operator file(s) (jaccard 1.00)"));
    CHECK(red2[0]->evidence == "src/cvcuda/priv/OpTwin.cu:19 vs src/cvcuda/priv/OpCopycat.cu:8");
    CHECK(contains(red2[1]->summary, "'addVarShape'"));
    CHECK(contains(red2[0]->fix, "src/cvcuda/priv/addTensor.cuh"));

    CHECK(status_of(f, "RED-3") == Status::Manual);
    CHECK(contains(with_id(f, "RED-3")[0]->summary, "2-byte (u16) left out (1 site(s))"));
    // The guard's own line, although a comment line precedes it.
    CHECK(with_id(f, "RED-3")[0]->evidence == "src/cvcuda/priv/OpTwin.cu:69");

    CHECK(status_of(f, "RED-4") == Status::Manual);
    CHECK(contains(with_id(f, "RED-4")[0]->evidence,
                   "OpTwin.cu:67: if (in.layout() != nvcv::TENSOR_NCHW"));
    CHECK(status_of(f, "RED-5") == Status::Manual);
    CHECK(contains(with_id(f, "RED-5")[0]->summary, "in 1 file(s)"));
    CHECK(status_of(f, "RED-6") == Status::Recommendation);
    CHECK(contains(with_id(f, "RED-6")[0]->summary,
                   "'TwinInto' and 'TwinVarShapeInto' (jaccard 1.00)"));
    CHECK(status_of(f, "RED-10") == Status::Manual);
    CHECK(contains(with_id(f, "RED-10")[0]->evidence,
                   "OpTwin.cu:7: __device__ T SaturateCast(float v)"));
    CHECK(status_of(f, "RED-12") == Status::Manual);
    CHECK(with_id(f, "RED-12")[0]->evidence == "src/cvcuda/priv/OpTwin.cu:12");
    CHECK(status_of(f, "RED-11") == Status::Recommendation);
    CHECK(contains(with_id(f, "RED-11")[0]->evidence, "unusedHelper"));
    for (const Finding& x : f)
        CHECK(x.status != Status::Gap);
}

TEST_CASE("Copycat and Clean: the passing form of each check, and the N-A ones") {
    const auto copycat = assess("Copycat");
    CHECK(status_of(copycat, "RED-1") == Status::Pass);
    CHECK(status_of(copycat, "RED-2") == Status::Recommendation); // its kernel is Twin's
    CHECK(contains(with_id(copycat, "RED-2")[0]->summary, "'copycatTensor'"));
    CHECK(status_of(copycat, "RED-5") == Status::Pass); // it addresses through TensorWrap
    CHECK(status_of(copycat, "RED-6") == Status::Pass);

    const auto clean = assess("Clean");
    for (const char* id :
         {"RED-1", "RED-2", "RED-3", "RED-4", "RED-5", "RED-10", "RED-12", "RED-11"})
        CHECK_MESSAGE(status_of(clean, id) == Status::Pass, id);
    CHECK(with_id(clean, "RED-3")[0]->evidence == "declared widths=[1,4]");
    CHECK(status_of(clean, "RED-6") == Status::NotApplicable); // no binding

    const auto header_only = assess("HeaderOnly");
    CHECK(status_of(header_only, "RED-1") == Status::NotApplicable);
    CHECK(with_id(header_only, "RED-2").empty()); // the impl domain stops there
    CHECK(with_id(header_only, "RED-3").empty());
    CHECK(status_of(header_only, "RED-6") == Status::NotApplicable);
}

TEST_CASE("the curated tunables move the threshold, the floor and the allowlist") {
    AssessSettings strict = cvcuda_settings();
    strict.tunables.threshold = 0.81;
    CHECK(status_of(assess("Twin", strict), "RED-1") == Status::Pass);

    AssessSettings allow = cvcuda_settings();
    allow.tunables.allowlist["twin"] = {"addVarShape", "addTensor"};
    const auto allowed = assess("Twin", allow);
    CHECK(status_of(allowed, "RED-1") == Status::Pass);
    CHECK(status_of(allowed, "RED-2") == Status::Pass);

    AssessSettings high_floor = cvcuda_settings();
    high_floor.tunables.min_block_lines = 20;
    const auto floored = assess("Twin", high_floor);
    CHECK(status_of(floored, "RED-1") == Status::Pass);
    CHECK(status_of(floored, "RED-6") == Status::Pass);  // RED-6 honours the floor too
    CHECK(status_of(floored, "RED-11") == Status::Pass); // and RED-11

    AssessSettings only_api = cvcuda_settings();
    only_api.domains = {"api"};
    const auto api = assess("Twin", only_api);
    REQUIRE(api.size() == 1);
    CHECK(api[0].id == "RED-6");

    const Tunables doc =
        parse_tunables("similarity-threshold: 1.0\nmin-block-lines = 3\n"
                       "### Shared-util reference set\n```\n# comment\nMyCast\n```\n"
                       "### Duplicate allowlist\n```\nTwin: a, b\n```\n## next\n");
    CHECK(doc.threshold == 1.0);
    CHECK(doc.min_block_lines == 3);
    CHECK(doc.shared_utils.count("MyCast") == 1);
    CHECK(doc.shared_utils.size() == 1); // added to what the layout names (below)
    CHECK(doc.allowed("twin", "b"));
    const Tunables bad = parse_tunables("similarity-threshold: 1.5\nmin-block-lines: 0\n");
    CHECK(bad.threshold == 0.80);
    CHECK(bad.min_block_lines == 6);

    // The layout names the guideline, the shared utilities and the accessors.
    odo::repo::Layout layout;
    layout.paths.refactor_guideline = "docs/REFACTOR.md";
    layout.grammar.shared_utils = {"clamp_to"};
    layout.grammar.strided_accessors = {"TensorWrap"};
    const AssessSettings s = layout_settings(layout);
    CHECK(s.profile.guideline == "docs/REFACTOR.md");
    CHECK(s.tunables.shared_utils == std::set<std::string>{"clamp_to"});
    CHECK(parse_tunables("### Shared-util reference set\n```\nMyCast\n```\n", s.tunables)
              .shared_utils == std::set<std::string>{"MyCast", "clamp_to"});
    const auto f = assess("Twin", s);
    CHECK(status_of(f, "RED-10") == Status::Pass); // SaturateCast is not shared in this library
    CHECK(with_id(f, "RED-1")[0]->guideline == "docs/REFACTOR.md#impl");
}

TEST_CASE("RED-1 and RED-11 on sources in memory: comments do not count, a caller keeps a static") {
    odo::testing::MemoryTree tree;
    const std::string body =
        "{\n int a = 0;\n a += 1;\n a += 2;\n a += 3;\n a += 4;\n return a;\n}\n";
    tree.files["src/cvcuda/priv/OpMem.cu"] = "static int helper(int)\n" + body +
                                             "int caller(int)\n" + body +
                                             "int user() { return helper(1); } // unusedName\n";
    odo::repo::OperatorPaths op;
    op.operator_name = "Mem";
    op.op = "mem";
    op.priv = {"src/cvcuda/priv/OpMem.cu"};
    const auto f = assess_findings({op, tree}, cvcuda_settings());
    CHECK(status_of(f, "RED-1") == Status::Recommendation); // helper and caller
    CHECK(status_of(f, "RED-11") == Status::Pass);          // helper is called
    CHECK(status_of(f, "RED-6") == Status::NotApplicable);

    // A name in a comment calls nothing; a commented-out layout check or stride product is no site.
    tree.files["src/cvcuda/priv/OpMem.cu"] =
        "static int helper(int)\n" + body + "// helper(2) was here\n" +
        "// if (l == nvcv::TENSOR_NCHW || l == nvcv::TENSOR_NHWC)\n// p = base + y * rowStride;\n";
    const auto g = assess_findings({op, tree}, cvcuda_settings());
    CHECK(status_of(g, "RED-11") == Status::Recommendation);
    CHECK(status_of(g, "RED-4") == Status::Pass);
    CHECK(status_of(g, "RED-5") == Status::Pass);
    tree.files["src/cvcuda/priv/OpMem.cu"] =
        "bool ok = l == NVCV_TENSOR_NCHW || l == NVCV_TENSOR_NHWC;\n";
    CHECK(status_of(assess_findings({op, tree}, cvcuda_settings()), "RED-4") == Status::Manual);
}

TEST_CASE("RED-11: a function of an unnamed namespace is internal, as a static one is") {
    odo::testing::MemoryTree tree;
    const std::string body =
        "{\n int a = 0;\n a += 1;\n a += 2;\n a += 3;\n a += 4;\n return a;\n}\n";
    odo::repo::OperatorPaths op;
    op.operator_name = "Anon";
    op.op = "anon";
    op.priv = {"src/cvcuda/priv/OpAnon.cu"};
    auto red11 = [&](const std::string& source) {
        tree.files["src/cvcuda/priv/OpAnon.cu"] = source;
        const auto f = assess_findings({op, tree}, cvcuda_settings());
        return *with_id(f, "RED-11").at(0);
    };
    // Unused in `namespace {`: dead, though no `static` says so.
    auto f = red11("namespace {\nint unusedAnon(int)\n" + body + "} // namespace\n");
    CHECK(f.status == Status::Recommendation);
    CHECK(f.summary == "Static or unnamed-namespace function(s) with no caller (1)");
    CHECK(f.evidence == "src/cvcuda/priv/OpAnon.cu:3 unusedAnon");
    // Called from the operator's entry point: alive.
    CHECK(red11("namespace {\nint usedAnon(int)\n" + body +
                "}\nint entry() { return usedAnon(1); }\n")
              .status == Status::Pass);
    // Nested: a named namespace inside an unnamed one, and an unnamed one inside a named one.
    f = red11("namespace cvcuda::priv {\nnamespace {\nnamespace detail {\nint deepAnon(int)\n" +
              body + "}\n}\n}\nnamespace outer { inline namespace {\nint innerAnon(int)\n" + body +
              "} }\n");
    CHECK(f.status == Status::Recommendation);
    CHECK(f.summary == "Static or unnamed-namespace function(s) with no caller (2)");
    CHECK(f.evidence == "src/cvcuda/priv/OpAnon.cu:5 deepAnon");
    // A named namespace gives external linkage: another file may call it, so it is not dead; nor
    // is a member of a class, a lambda, or a function after the unnamed namespace closed.
    CHECK(red11("namespace named {\nint exported(int)\n" + body + "}\n").status == Status::Pass);
    CHECK(red11("namespace {\nstruct Kernel {\nint member(int)\n" + body +
                "};\nauto table = [](int x)\n" + body + ";\n}\nint afterAnon(int)\n" + body)
              .status == Status::Pass);
    CHECK(red11("extern \"C\" {\nnamespace {\nint cAnon(int)\n" + body + "}\n}\n").status ==
          Status::Recommendation);
    // A class's static member is called as X::fetch from other files (PillowResize, Inpaint and
    // SIFT have one): not internal. A static function at namespace scope is.
    CHECK(red11("struct Access {\nstatic int fetch(int)\n" + body + "};\n").status == Status::Pass);
    CHECK(red11("namespace cvcuda {\nclass Reader {\n public:\n  static int fetch(int)\n" + body +
                "};\n}\n")
              .status == Status::Pass);
    CHECK(red11("namespace cvcuda {\nstatic int loneFetch(int)\n" + body + "}\n").status ==
          Status::Recommendation);
}

TEST_CASE("RED-11: an unused function-like macro in an unnamed namespace is no dead function") {
    // FindHomography's shape: `#define name(...) do { ... } while (0)` inside `namespace {`,
    // continued over lines, never expanded. A macro is not a function: no RED-11.
    odo::testing::MemoryTree tree;
    odo::repo::OperatorPaths op;
    op.operator_name = "Homography";
    op.op = "homography";
    op.priv = {"src/cvcuda/priv/OpHomography.cu"};
    std::string macro =
        "namespace {\n  #  define is_aligned(POINTER, BYTES, msg) \\\n    do \\\n    { "
        "\\\n";
    for (int k = 0; k < 6; ++k)
        macro += "        check(POINTER, BYTES, " + std::to_string(k) + "); \\\n";
    macro += "    } \\\n    while (0)\n";
    const std::string dead = "static int unusedStatic(int)\n{\n a(1);\n a(2);\n a(3);\n a(4);\n "
                             "a(5);\n a(6);\n}\n";
    auto red11 = [&](const std::string& source) {
        tree.files["src/cvcuda/priv/OpHomography.cu"] = source;
        return *with_id(assess_findings({op, tree}, cvcuda_settings()), "RED-11").at(0);
    };
    CHECK(red11(macro + "} // namespace\n").status == Status::Pass);
    // Beside it a dead static function is still named, and only it.
    const Finding f = red11(macro + "} // namespace\n" + dead);
    CHECK(f.summary == "Static or unnamed-namespace function(s) with no caller (1)");
    CHECK(contains(f.evidence, "unusedStatic"));
    // The same body as a function of the unnamed namespace is dead.
    CHECK(red11("namespace {\nvoid is_aligned(int POINTER, int BYTES, int msg)\n{\n" +
                macro.substr(macro.find("        check")) + "}\n}\n")
              .status == Status::Recommendation);
}

TEST_CASE("unnamed_namespace_bodies: the braces at namespace scope inside `namespace {`") {
    const std::string code = "namespace a { void f() {} }\nnamespace { void g() {} struct S { "
                             "void m() {} }; }\nvoid h() {}\n";
    const auto offsets = unnamed_namespace_bodies(code);
    REQUIRE(offsets.size() == 2); // g's body and the struct S, not m's body inside S
    CHECK(code.substr(*offsets.begin() - 9, 9) == "void g() ");
    CHECK(code.substr(*offsets.rbegin() - 9, 9) == "struct S ");
    CHECK(unnamed_namespace_bodies("void f() { namespace x = y; }").empty());
    CHECK(unnamed_namespace_bodies("}}} namespace { void g(int (*p)(int)) {} }").size() == 1);
}

TEST_CASE("the feature matrix reads every layout spelling, input and output apart") {
    const auto m = parse_feature_matrix(
        " * Limitations:\n * Input:\n *   Data Layout: [kNHWC, NVCV_TENSOR_NCHW]\n"
        " *   Data Layout: [HWC]\n *   Channels: [1, 3]\n"
        " *   8bit  Unsigned | Yes\n *   64bit Float | No\n"
        " * Output:\n *   Data Layout: [kNHWC]\n */\n");
    CHECK(m.input.layouts == std::set<std::string>{"HWC", "NCHW", "NHWC"});
    CHECK(m.input.channels == std::set<int>{1, 3});
    CHECK(m.input.dtypes == std::set<std::string>{"u8"});
    CHECK(m.output.layouts == std::set<std::string>{"NHWC"});
    CHECK(m.output.dtypes.empty());
    CHECK(describe(m) == "in(lay=[HWC,NCHW,NHWC] ch=[1,3] dt=[u8]) out(lay=[NHWC] ch=[] dt=[])");
}

TEST_CASE("the report renders as markdown and as sorted, ASCII-escaped JSON") {
    Report r;
    r.operator_name = "Twin";
    r.op = "twin";
    r.domains = {"impl"};
    r.findings = assess("Twin", [] {
        AssessSettings s = cvcuda_settings();
        s.domains = {"impl"};
        return s;
    }());
    const std::string md = render_markdown(r);
    CHECK(contains(md, "# refactor-op: Twin  (op=twin)  phase=assess\n\n## impl\n"));
    CHECK(contains(md, "\xF0\x9F\x92\xA1 **RECOMMENDATION** `RED-1`"));
    CHECK(contains(md, "    - fix: Keep one templated body"));
    CHECK(contains(md, "## verdict\n**ADVISORY** \xE2\x80\x94 MANUAL=3, RECOMMENDATION=3"));
    const std::string json = render_json(r);
    CHECK(contains(json, "\"counts\": {\n    \"MANUAL\": 3,\n    \"RECOMMENDATION\": 3\n  },"));
    CHECK(contains(json, "\"verdict\": \"ADVISORY\""));
    CHECK(exit_code(r) == 0);
}

namespace {

// Assess over one private source held in memory.
std::vector<Finding> assess_source(const std::string& source,
                                   AssessSettings settings = cvcuda_settings()) {
    odo::testing::MemoryTree tree;
    tree.files["src/cvcuda/priv/OpBig.cu"] = source;
    odo::repo::OperatorPaths op;
    op.operator_name = "Big";
    op.op = "big";
    op.priv = {"src/cvcuda/priv/OpBig.cu"};
    return assess_findings({op, tree}, settings);
}

} // namespace

// Sizes at which comparing every pair of bodies, or walking the sources once per body, took
// minutes (#26: 10,000 bodies 20 s, 20,000 82 s; 2,000 copies of a body 3.6 GB).
TEST_CASE("assess at scale: 10,000 distinct bodies, 2,000 copies of one, all in one source") {
    std::string distinct;
    for (int i = 0; i < 10000; ++i) {
        distinct += "static void f" + std::to_string(i) + "(int a)\n{\n";
        for (int k = 0; k < 10; ++k)
            distinct += "  int v" + std::to_string(k) + " = " + std::to_string(i) + " + a * " +
                        std::to_string(k) + ";\n";
        distinct += "}\n";
    }
    const auto f = assess_source(distinct);
    CHECK(with_id(f, "RED-1").at(0)->evidence == "10000 block(s) compared at jaccard>=0.80");
    CHECK(with_id(f, "RED-11").at(0)->summary ==
          "Static or unnamed-namespace function(s) with no caller (10000)");

    std::string copies;
    for (int i = 0; i < 2000; ++i) {
        copies += "void g" + std::to_string(i) + "(int a)\n{\n";
        for (int k = 0; k < 20; ++k)
            copies += "  a += " + std::to_string(k) + ";\n";
        copies += "}\nint h" + std::to_string(i) + " = g" + std::to_string(i) + "(1);\n";
    }
    const auto copied = assess_source(copies);
    const auto red1 = with_id(copied, "RED-1");
    REQUIRE(red1.size() == listed_pairs + 1);
    CHECK(red1.front()->summary ==
          "Near-duplicate bodies 'g0' and 'g1' (jaccard 1.00): unify them");
    CHECK(red1.back()->status == Status::Recommendation);
    CHECK(red1.back()->summary == "1998950 more near-duplicate pair(s) of bodies not listed");
    CHECK(red1.back()->evidence == "the 50 listed are the most similar");

    // A search past its budget leaves RED-1 to a person.
    AssessSettings small_budget = cvcuda_settings();
    small_budget.pair_budget = 1000;
    const auto budgeted = assess_source(copies, small_budget);
    const auto cut = with_id(budgeted, "RED-1");
    CHECK(cut.back()->status == Status::Manual);
    CHECK(cut.back()->evidence == "the search stopped after 1000 steps over 2000 block(s)");
}

TEST_CASE("RED-3 and RED-10 at scale: 200,000 if-conditions, 100,000 utility names on one line") {
    std::string code;
    for (int i = 0; i < 200000; ++i)
        code += "if (a) b();\n";
    code += "if (f(if (sizeof(T) == 8)) || sizeof(U) == 1) {}\n";
    for (int i = 0; i < 100000; ++i)
        code += "if (";
    const auto guards = detail::sizeof_guards(code);
    REQUIRE(guards.size() == 2); // the outer condition, the nested one; none left open
    CHECK(guards[0].line == 200001);
    CHECK(guards[0].widths == std::set<int>{1, 8});
    CHECK(guards[1].line == 200001);
    CHECK(guards[1].widths == std::set<int>{8});

    std::string line;
    for (int i = 0; i < 100000; ++i)
        line += "static SaturateCast(";
    const auto f = assess_source("int x;\n" + line + ")\n");
    const Finding& red10 = *with_id(f, "RED-10").at(0);
    CHECK(red10.summary == "A local helper shadows a shared utility by name (1 site(s))");
    CHECK(contains(red10.evidence, "src/cvcuda/priv/OpBig.cu:2: static SaturateCast("));
}

TEST_CASE("RED-2 at scale: 5,000 copies of a body here and 5,000 in another operator") {
    std::string mine, theirs;
    const std::string body = "(int a)\n{\n  a += 1;\n  a += 2;\n  a += 3;\n  a += 4;\n"
                             "  a += 5;\n  a += 6;\n  return a;\n}\n";
    for (int i = 0; i < 5000; ++i) { // 25 million partners were listed, 400 MB
        mine += "int m" + std::to_string(i) + body;
        theirs += "int t" + std::to_string(i) + body;
    }
    odo::testing::MemoryTree tree;
    tree.files["src/cvcuda/priv/OpBig.cu"] = mine;
    tree.files["src/cvcuda/priv/OpOther.cu"] = theirs;
    tree.files["src/cvcuda/priv/OpThird.cu"] = "int third" + body;
    odo::repo::OperatorPaths op;
    op.operator_name = "Big";
    op.op = "big";
    op.priv = {"src/cvcuda/priv/OpBig.cu"};
    AssessSettings impl = cvcuda_settings();
    impl.domains = {"impl"};
    const auto f = assess_findings({op, tree}, impl);
    const auto red2 = with_id(f, "RED-2");
    REQUIRE(red2.size() == 5000);
    CHECK(red2.front()->summary == "'m0' is repeated in 2 other operator file(s) (jaccard 1.00): "
                                   "hoist it into a shared private header");
    CHECK(red2.front()->evidence ==
          "src/cvcuda/priv/OpBig.cu:2 vs src/cvcuda/priv/OpOther.cu:2 (+5000 more)");
}
