// ODO-5, API/ABI unchanged: the public header comparison and the binding snapshot decision
// (gates.md §4, §7 tests 27–38; review-refactor.md §3.2–3.3).

#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_api.hpp>

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

using odo::Finding;
using odo::Status;
using odo::review::DiffLine;
using namespace odo::gates;

namespace {

using odo::testing::guide;
const std::string binding = "python/mod_cvcuda/operators/OpHQResize.cpp";
const std::string header_h = "src/cvcuda/include/cvcuda/OpHQResize.h";
const std::string header_hpp = "src/cvcuda/include/cvcuda/OpHQResize.hpp";

// The binding template of the catalogue: one bound callable, its aliases and the export.
struct BindingSource {
    std::string aliases;
    std::string signature = "Tensor TensorHQResize(Tensor &src, std::optional<Stream> stream)";
    std::string body = "    return src;";
    std::string registration = "    m.def(\"hq_resize\", &TensorHQResize, \"src\"_a, "
                               "py::kw_only(),\n          \"stream\"_a = nullptr);";
    std::string export_function = "ExportOpHQResize";

    std::string text() const {
        return "namespace cvcudapy {\nnamespace {\n" + aliases + "\n" + signature + "\n{\n" + body +
               "\n}\n} // namespace\n\nvoid " + export_function + "(py::module &m)\n{\n" +
               registration + "\n}\n\n} // namespace cvcudapy\n";
    }
};

odo::repo::OperatorPaths api_hqresize() {
    odo::repo::OperatorPaths op;
    op.operator_name = "HQResize";
    op.op = "hqresize";
    op.header = header_h;
    op.hpp = header_hpp;
    op.pybind = binding;
    return op;
}

ChangeRange changed(std::vector<std::string> paths) {
    ChangeRange r;
    r.base = "origin/main";
    r.merge_base = std::string(40, 'a');
    r.changed = std::move(paths);
    return r;
}

// ODO-5 on a binding-only change from `before` to `after`.
Finding binding_change(const BindingSource& before, const BindingSource& after) {
    ApiSurfaceChange s{std::vector<DiffLine>{}, before.text(), after.text()};
    return check_odo5_api_abi(changed({binding}), s, api_hqresize(), odo::repo::Layout::cvcuda(),
                              guide);
}

// ODO-5 on a body-only change of a binding whose signature uses `Roi`, defined by `aliases`.
Finding body_change_with_roi(const std::string& aliases) {
    BindingSource before;
    before.signature = "Tensor TensorHQResize(Tensor &src, Roi roi)";
    before.aliases = aliases;
    BindingSource after = before;
    after.body = "    return Tensor(src);";
    return binding_change(before, after);
}

Finding header_change(std::vector<DiffLine> lines, std::vector<std::string> paths = {header_hpp}) {
    ApiSurfaceChange s{std::move(lines), std::nullopt, std::nullopt};
    return check_odo5_api_abi(changed(std::move(paths)), s, api_hqresize(),
                              odo::repo::Layout::cvcuda(), guide);
}

using odo::testing::contains;

const char* const could_not_parse = "could not be parsed safely";

} // namespace

TEST_CASE("ODO-5 passes when neither the headers nor the binding changed") {
    const Finding f = header_change({}, {"src/cvcuda/priv/OpHQResize.cu", "README.md"});
    CHECK(f.id == "ODO-5");
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "API/ABI surface unchanged (no diff in public headers/binding)");
    // Repository-relative paths: two operator files can share a name (the binding and a kernel
    // source are both OpHQResize.cpp).
    CHECK(f.evidence == "no changes in " + header_h + ", " + header_hpp + ", " + binding);
    CHECK(f.guideline == guide);
}

TEST_CASE("ODO-5: a changed header line with a signature token is a GAP") {
    const Finding f = header_change(
        {{'-', "    void operator()(cudaStream_t stream, const nvcv::Tensor &in);"},
         {'+', "    void operator()(cudaStream_t stream, const nvcv::Tensor &in, int mode);"},
         {'+', "CVCUDA_PUBLIC NVCVStatus cvcudaHQResizeSubmit (NVCVOperatorHandle handle, "
               "cudaStream_t stream, NVCVTensorHandle in, NVCVTensorHandle out);"},
         {'+', "// unrelated"},
         {'+', "NVCVStatus cvcudaHQResizeVarShapeSubmit(void);"}},
        {header_h, header_hpp});
    CHECK(f.status == Status::Gap);
    CHECK(f.summary ==
          "Public API/ABI signature(s) changed — that is feature work, not optimization");
    const std::string third =
        "+CVCUDA_PUBLIC NVCVStatus cvcudaHQResizeSubmit (NVCVOperatorHandle handle, cudaS";
    CHECK(third.size() == 80);
    CHECK(f.evidence ==
          "-    void operator()(cudaStream_t stream, const nvcv::Tensor &in);; "
          "+    void operator()(cudaStream_t stream, const nvcv::Tensor &in, int mode);; " +
              third);
    CHECK(contains(f.fix, "feature MR"));
}

TEST_CASE("ODO-5: other header changes are MANUAL and say what a human must decide") {
    const Finding f = header_change({{'+', "/// Resizes with high quality."}});
    CHECK(f.status == Status::Manual);
    CHECK(f.summary ==
          "Public headers changed but no signature lines detected — verify API/ABI stability");
    CHECK(f.evidence ==
          "diff in " + header_hpp +
              " (1 changed line(s): +/// Resizes with high "
              "quality.); a human must decide whether the public API/ABI is unchanged "
              "(types, struct layouts, enum values, default arguments)");
    const Finding mode_only = header_change({}, {header_h});
    CHECK(mode_only.status == Status::Manual);
    CHECK(contains(mode_only.evidence, "diff in " + header_h + "; a human must decide"));
}

TEST_CASE("ODO-5: an unreadable header diff fails closed to MANUAL") {
    ApiSurfaceChange s{std::nullopt, std::nullopt, std::nullopt};
    const Finding f = check_odo5_api_abi(changed({header_h}), s, api_hqresize(),
                                         odo::repo::Layout::cvcuda(), guide);
    CHECK(f.status == Status::Manual);
    CHECK(f.summary == "Public header diff could not be read — verify API/ABI stability");
}

TEST_CASE("ODO-5: signature tokens come from the layout") {
    odo::repo::Layout layout;
    layout.grammar.public_signature_tokens = {"PIXELFORGE_API"};
    ApiSurfaceChange s{std::vector<DiffLine>{{'+', "PIXELFORGE_API int pfResize(void);"}},
                       std::nullopt, std::nullopt};
    CHECK(check_odo5_api_abi(changed({header_h}), s, api_hqresize(), layout, guide).status ==
          Status::Gap);
    s.header_lines = std::vector<DiffLine>{{'+', "CVCUDA_PUBLIC int x(void);"}};
    CHECK(check_odo5_api_abi(changed({header_h}), s, api_hqresize(), layout, guide).status ==
          Status::Manual);
}

TEST_CASE("ODO-5 is MANUAL when the change is unknown") {
    ChangeRange r;
    r.base = "origin/main";
    r.problem = "no merge base";
    CHECK(check_odo5_api_abi(r, {}, api_hqresize(), odo::repo::Layout::cvcuda(), guide).status ==
          Status::Manual);
}

TEST_CASE("27: a referenced transitive using-alias change is a GAP") {
    BindingSource before;
    before.signature = "Tensor TensorHQResize(Tensor &src, Rois rois)";
    before.aliases = "using Roi = pybind11::tuple;\nusing Rois = std::vector<Roi>;";
    BindingSource after = before;
    after.aliases = "using Roi = pybind11::list;\nusing Rois = std::vector<Roi>;";
    const Finding f = binding_change(before, after);
    CHECK(f.status == Status::Gap);
    CHECK(f.summary ==
          "Public Python API signature(s) changed — that is feature work, not optimization");
    CHECK(f.evidence == "bound callable type alias(es)");
}

TEST_CASE("28: a referenced typedef change is a GAP") {
    BindingSource before;
    before.signature = "Tensor TensorHQResize(Tensor &src, Roi roi)";
    before.aliases = "typedef pybind11::tuple Roi;";
    BindingSource after = before;
    after.aliases = "typedef pybind11::list Roi;";
    const Finding f = binding_change(before, after);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "type alias"));
}

TEST_CASE("29: an unused private alias change is implementation only") {
    BindingSource before;
    before.aliases = "using Scratch = pybind11::tuple;";
    BindingSource after = before;
    after.aliases = "using Scratch = pybind11::list;";
    const Finding f = binding_change(before, after);
    CHECK(f.status == Status::Pass);
    CHECK(f.summary == "API/ABI surface unchanged (binding implementation only)");
    CHECK(f.evidence ==
          binding + " changed with identical m.def registrations and bound callable signatures");
}

TEST_CASE("30: an ambiguous referenced alias requires manual review") {
    const Finding f =
        body_change_with_roi("using Roi = pybind11::tuple;\nusing Roi = pybind11::list;");
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, could_not_parse));
    CHECK(f.evidence == "unable to compare ExportOpHQResize registrations and bound callable "
                        "signatures; merge base: type alias Roi has 2 definitions; HEAD: type "
                        "alias Roi has 2 definitions; a human must decide whether the Python API "
                        "changed");
}

TEST_CASE("31: an unparseable referenced typedef requires manual review") {
    const Finding f = body_change_with_roi("typedef void (*Roi)(int);");
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, could_not_parse));
}

TEST_CASE("32: unsupported referenced typedefs require manual review") {
    for (const char* alias :
         {"typedef pybind11::tuple Roi[2];", "typedef pybind11::tuple Roi(int);",
          "typedef pybind11::tuple (Owner::*Roi)(int);", "typedef pybind11::tuple Roi[2], Other;",
          "typedef struct { int value; } Roi;"}) {
        const Finding f = body_change_with_roi(alias);
        CAPTURE(alias);
        CHECK(f.status == Status::Manual);
        CHECK(contains(f.summary, could_not_parse));
    }
}

TEST_CASE("33: an unsupported private typedef respects name reachability") {
    BindingSource before;
    before.aliases = "typedef pybind11::tuple Scratch[2];";
    BindingSource after = before;
    after.body = "    return Tensor(src);";
    const Finding unused = binding_change(before, after);
    CHECK(unused.status == Status::Pass);
    CHECK(contains(unused.summary, "binding implementation only"));
    before.aliases = after.aliases = "typedef struct { int value; } Scratch;";
    const Finding poisoned = binding_change(before, after);
    CHECK(poisoned.status == Status::Manual);
    CHECK(contains(poisoned.summary, could_not_parse));
}

TEST_CASE("34: a binding implementation-only change passes automatically") {
    BindingSource after;
    after.body = "    RequirementsCache cache;\n    return src;";
    const Finding f = binding_change(BindingSource{}, after);
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.summary, "binding implementation only"));
}

TEST_CASE("35: an export change remains a GAP") {
    BindingSource after;
    after.registration.replace(after.registration.find("\"hq_resize\""), 11, "\"hq_resize_new\"");
    const Finding f = binding_change(BindingSource{}, after);
    CHECK(f.status == Status::Gap);
    CHECK(contains(f.evidence, "m.def registration"));
}

TEST_CASE("36: a multi-line argument change remains a GAP") {
    BindingSource after;
    after.registration.replace(after.registration.find("\"stream\"_a = nullptr"), 20,
                               "\"priority\"_a = 0");
    const Finding f = binding_change(BindingSource{}, after);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "m.def registration/arguments/defaults");
}

TEST_CASE("37: a bound callable signature change remains a GAP") {
    BindingSource after;
    after.signature = "Tensor TensorHQResize(const Tensor &src, std::optional<Stream> stream)";
    const Finding f = binding_change(BindingSource{}, after);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == "bound callable signature(s)");
}

TEST_CASE("38: an unparseable binding surface requires manual review") {
    BindingSource after;
    after.export_function = "RegisterHQResize";
    const Finding f = binding_change(BindingSource{}, after);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.summary, could_not_parse));
    CHECK(contains(f.evidence, "HEAD: 0 definitions of void ExportOpHQResize(py::module &m)"));
}

TEST_CASE("ODO-5: a binding that appears or disappears is new or removed Python API") {
    ApiSurfaceChange added{std::vector<DiffLine>{}, std::nullopt, BindingSource{}.text()};
    const Finding f = check_odo5_api_abi(changed({binding}), added, api_hqresize(),
                                         odo::repo::Layout::cvcuda(), guide);
    CHECK(f.status == Status::Gap);
    CHECK(f.evidence == binding + " added since the merge base");
    ApiSurfaceChange removed{std::vector<DiffLine>{}, BindingSource{}.text(), std::nullopt};
    CHECK(check_odo5_api_abi(changed({binding}), removed, api_hqresize(),
                             odo::repo::Layout::cvcuda(), guide)
              .evidence == binding + " removed since the merge base");
}

TEST_CASE("ODO-5: a header change without signature lines beside an unchanged binding surface "
          "is still MANUAL") {
    BindingSource after;
    after.body = "    return Tensor(src);";
    ApiSurfaceChange s{std::vector<DiffLine>{{'+', "// note"}}, BindingSource{}.text(),
                       after.text()};
    const Finding f = check_odo5_api_abi(changed({header_hpp, binding}), s, api_hqresize(),
                                         odo::repo::Layout::cvcuda(), guide);
    CHECK(f.status == Status::Manual);
    CHECK(contains(f.evidence, "diff in " + header_hpp));
}

TEST_CASE("header diff: hunk counts keep content lines that begin with -- or ++") {
    const std::string patch = "diff --git a/x.h b/x.h\n"
                              "--- a/x.h\n"
                              "+++ b/x.h\n"
                              "@@ -3,2 +3,2 @@ struct S\n"
                              "---count;\n"
                              " keep\n"
                              "+++count;\n"
                              "\\ No newline at end of file\n"
                              "diff --git a/y.h b/y.h\n"
                              "--- a/y.h\n"
                              "+++ b/y.h\n"
                              "@@ -0,0 +1 @@\n"
                              "+CVCUDA_PUBLIC void f();\n";
    const auto lines = odo::review::changed_lines(patch);
    REQUIRE(lines);
    REQUIRE(lines->size() == 3);
    CHECK((*lines)[0].sign == '-');
    CHECK((*lines)[0].text == "--count;");
    CHECK((*lines)[1].sign == '+');
    CHECK((*lines)[1].text == "++count;");
    CHECK((*lines)[2].text == "CVCUDA_PUBLIC void f();");
}

TEST_CASE("header diff: malformed hunks are refused") {
    CHECK_FALSE(odo::review::changed_lines("@@ -1 +1 @@\n+a\n+b\n"));
    CHECK_FALSE(odo::review::changed_lines("@@ -1,2 +1,2 @@\n-a\n"));
    CHECK_FALSE(odo::review::changed_lines("@@ bogus @@\n"));
    CHECK(odo::review::changed_lines("")->empty());
}

TEST_CASE("signature tokens: a token ending in '(' allows spaces before the parenthesis") {
    const std::vector<std::string> tokens = {"CVCUDA_PUBLIC", "operator()", "Submit("};
    CHECK(odo::review::has_signature_token("NVCVStatus cvcudaResizeSubmit  (", tokens));
    CHECK(odo::review::has_signature_token("void operator()(int)", tokens));
    CHECK_FALSE(odo::review::has_signature_token("Submits the work", tokens));
    CHECK_FALSE(odo::review::has_signature_token("void operator ()(int)", tokens));
}
