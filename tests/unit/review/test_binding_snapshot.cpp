// The Python binding snapshot (review-refactor.md §3.1; gates.md §7 test 26).
#include <odo/review/binding_snapshot.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::review;

namespace {

const BindingGrammar grammar = binding_grammar(odo::repo::Layout::cvcuda(), "HQResize");

// A binding with `definitions` before the export and `registration` inside it.
std::string binding_source(const std::string& definitions, const std::string& registration) {
    return "#include \"Operators.hpp\"\nnamespace cvcudapy {\nnamespace {\n" + definitions +
           "\n} // namespace\n\nvoid ExportOpHQResize(py::module &m)\n{\n" + registration +
           "\n}\n\n} // namespace cvcudapy\n";
}

const std::string batch =
    "TensorBatch TensorBatchHQResize(TensorBatch &src)\n{\n    return src;\n}";

SnapshotResult snap(const std::string& text) {
    return binding_api_snapshot(text, grammar);
}

} // namespace

TEST_CASE("26: direct and NvtxTrace-wrapped callables are recognized") {
    for (const char* bound :
         {"&TensorBatchHQResize", "NvtxTrace(\"cvcuda.hq_resize\", &TensorBatchHQResize)"}) {
        const SnapshotResult r = snap(binding_source(
            batch, std::string("    m.def(\"hq_resize\", ") + bound + ", \"src\"_a);"));
        CAPTURE(bound);
        REQUIRE(r.snapshot);
        CHECK(r.snapshot->signatures ==
              std::vector<NamedText>{
                  {"TensorBatchHQResize", "TensorBatch TensorBatchHQResize(TensorBatch &src)"}});
        CHECK(r.snapshot->aliases.empty());
    }
}

TEST_CASE("the registration ignores docstrings, comments and layout, not arguments") {
    const std::string base = "    m.def(\"hq_resize\", &TensorBatchHQResize, \"src\"_a, "
                             "R\"pbdoc(Old text.)pbdoc\");";
    const std::string edited = "    // registered once\n    m.def(\"hq_resize\",\n"
                               "          &TensorBatchHQResize, \"src\"_a,   "
                               "R\"pbdoc(New\ntext.)pbdoc\"); /* note */";
    const SnapshotResult a = snap(binding_source(batch, base));
    const SnapshotResult b = snap(binding_source(batch, edited));
    REQUIRE(a.snapshot);
    REQUIRE(b.snapshot);
    CHECK(*a.snapshot == *b.snapshot);
    const SnapshotResult c =
        snap(binding_source(batch, "    m.def(\"hq_resize\", &TensorBatchHQResize, "
                                   "\"input\"_a);"));
    REQUIRE(c.snapshot);
    CHECK(snapshot_differences(*a.snapshot, *c.snapshot) ==
          std::vector<std::string>{"m.def registration/arguments/defaults"});
}

TEST_CASE("a multi-line signature is whitespace-normalized; comments in it do not count") {
    const SnapshotResult r = snap(binding_source(
        "Tensor TensorHQResize(Tensor &src, // input\n      std::optional<Stream> stream)  {\n"
        "    return src;\n}",
        "    m.def(\"hq_resize\", &TensorHQResize);"));
    REQUIRE(r.snapshot);
    CHECK(r.snapshot->signatures.front().second ==
          "Tensor TensorHQResize(Tensor &src, std::optional<Stream> stream)");
}

TEST_CASE("a commented-out copy of a definition does not make it ambiguous") {
    const SnapshotResult r =
        snap(binding_source("// TensorBatch TensorBatchHQResize(TensorBatch &old) {}\n" + batch,
                            "    m.def(\"hq_resize\", &TensorBatchHQResize);"));
    REQUIRE(r.snapshot);
}

TEST_CASE("reachable aliases are followed transitively and sorted; calls are not definitions") {
    const SnapshotResult r = snap(binding_source(
        "using Roi = pybind11::tuple;\nusing Rois = std::vector<Roi>;\n"
        "using Unused = decltype([] { return 1; }());\n"
        "Tensor TensorHQResize(Tensor &src, Rois rois)\n{\n    return Helper(src);\n}\n"
        "Tensor Helper(Tensor &t)\n{\n    return TensorHQResize(t, {});\n}",
        "    m.def(\"hq_resize\", &TensorHQResize);"));
    REQUIRE(r.snapshot);
    CHECK(r.snapshot->aliases ==
          std::vector<NamedText>{{"Roi", "pybind11::tuple"}, {"Rois", "std::vector<Roi>"}});
}

TEST_CASE("unsafe sources give no snapshot and say why") {
    const std::string def = "    m.def(\"hq_resize\", &TensorBatchHQResize);";
    CHECK(snap("  \n").problem == "the binding source is empty");
    CHECK(
        snap(binding_source(batch, "    m.def(\"hq_resize\", [](int x) { return x; });")).problem ==
        "1 m.def( call(s) but 0 bind a named callable directly (&Symbol or NvtxTrace(\"...\", "
        "&Symbol)");
    CHECK(
        snap(binding_source(batch, "    py::class_<X>(m, \"X\");")).problem.rfind("0 m.def(", 0) ==
        0);
    CHECK(snap(binding_source(batch, "    m.def(\"hq_resize\", &cvcudapy::TensorBatchHQResize);"))
              .problem.rfind("1 m.def(", 0) == 0);
    CHECK(snap(binding_source(batch + "\n" + batch, def)).problem ==
          "bound callable TensorBatchHQResize has 2 definitions");
    CHECK(snap(binding_source("", def)).problem ==
          "bound callable TensorBatchHQResize has 0 definitions");
    std::string unclosed = binding_source(batch, def);
    unclosed.replace(unclosed.find("} // namespace cvcudapy"), 23, "}");
    CHECK(snap(unclosed).problem ==
          "ExportOpHQResize is not closed by a line \"} // namespace cvcudapy\"");
    const std::string twice = binding_source(batch, def);
    CHECK(snap(twice + twice).problem == "2 definitions of void ExportOpHQResize(py::module &m)");
}

TEST_CASE("alias problems: cycles, unresolvable and unparseable definitions") {
    const std::string def = "    m.def(\"hq_resize\", &TensorHQResize);";
    const std::string sig = "\nTensor TensorHQResize(A a)\n{\n    return a;\n}";
    CHECK(snap(binding_source("using A = B;\nusing B = std::vector<A>;" + sig, def)).problem ==
          "type alias A refers to itself");
    CHECK(snap(binding_source("using A = decltype([] { return 1; }());" + sig, def)).problem ==
          "type alias A cannot be resolved");
    CHECK(snap(binding_source("typedef int A\n" + sig, def))
              .problem.rfind("typedef cannot be parsed", 0) == 0);
    CHECK(snap(binding_source("typedef std::vector<int A;" + sig, def)).problem ==
          "typedef has unbalanced brackets: typedef std::vector<int A;");
    CHECK(snap(binding_source("typedef int (*)(int);" + sig, def)).problem ==
          "typedef declares no recognizable name: typedef int (*)(int);");
    const SnapshotResult pointer = snap(binding_source("typedef const char *A;" + sig, def));
    REQUIRE(pointer.snapshot);
    CHECK(pointer.snapshot->aliases == std::vector<NamedText>{{"A", "const char *"}});
}

TEST_CASE("snapshot differences name each differing part in order") {
    BindingSnapshot a{"m.def(x)", {{"F", "void F()"}}, {{"A", "int"}}};
    BindingSnapshot b{"m.def(y)", {{"F", "void F(int)"}}, {{"A", "long"}}};
    CHECK(snapshot_differences(a, b) ==
          std::vector<std::string>{"m.def registration/arguments/defaults",
                                   "bound callable signature(s)", "bound callable type alias(es)"});
    CHECK(snapshot_differences(a, a).empty());
}

TEST_CASE("the grammar follows the layout's registration call") {
    odo::repo::Layout layout;
    layout.grammar.binding_def_call = "mod.def(";
    const BindingGrammar g = binding_grammar(layout, "Flip");
    CHECK(g.export_function == "ExportOpFlip");
    CHECK(g.def_call == "mod.def(");
}
