#include "temp_tree.hpp"

#include <odo/repo/layout_file.hpp>
#include <odo/repo/operator.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

namespace {

const std::string include_dir = "src/cvcuda/include/cvcuda/";

// Public headers of a few operators, plus files that look like headers but are not operators.
void write_headers(const TempTree& repo) {
    for (const char* name : {"OpResize", "OpHQResize", "OpPillowResize", "OpGaussian",
                             "OpGaussianNoise", "OpFlip", "Operator"})
        repo.write(include_dir + name + ".h", "// header\n");
    repo.write(include_dir + "OpFlip.hpp");
    repo.write(include_dir + "Op.h");
    repo.write(include_dir + "Types.h");
}

} // namespace

TEST_CASE("discover_operators lists Op{Name}.h files sorted, without Operator.h") {
    TempTree repo;
    write_headers(repo);
    const auto ops = discover_operators(repo.root(), Layout::cvcuda());
    std::vector<std::string> names;
    for (const auto& op : ops)
        names.push_back(op.name);
    CHECK(names == std::vector<std::string>{"Flip", "Gaussian", "GaussianNoise", "HQResize",
                                            "PillowResize", "Resize"});
    CHECK(ops.front().header == "src/cvcuda/include/cvcuda/OpFlip.h");
    CHECK(operator_keys(ops) ==
          OperatorSet{"flip", "gaussian", "gaussiannoise", "hqresize", "pillowresize", "resize"});
    CHECK(discover_operators(repo.root() / "nowhere", Layout::cvcuda()).empty());
}

TEST_CASE("resolve_operator takes the header's spelling, in any case") {
    TempTree repo;
    write_headers(repo);
    const auto p = resolve_operator(repo.root(), Layout::cvcuda(), "  hqresize\n");
    CHECK(p.operator_name == "HQResize");
    CHECK(p.op == "hqresize");
    CHECK(operator_exists(p));
    CHECK(p.header == "src/cvcuda/include/cvcuda/OpHQResize.h");
    CHECK(p.hpp == "src/cvcuda/include/cvcuda/OpHQResize.hpp");
    CHECK(p.pybind == "python/mod_cvcuda/operators/OpHQResize.cpp");
    CHECK(p.test_cpp == "tests/cvcuda/system/TestOpHQResize.cpp");
    CHECK(p.test_py == "tests/cvcuda/python/test_ophqresize.py");
    CHECK(p.bench_cpp == "bench/cpp/ops/BenchHQResize.cpp");
    CHECK(p.bench_py == "bench/python/ops/bench_hqresize.py");
    CHECK(p.bench_cfg == "bench/config/operators/hqresize.json");
    CHECK(p.pyname == "hqresize"); // no binding
    CHECK(p.priv.empty());
    CHECK(resolve_operator(repo.root(), Layout::cvcuda(), "HQRESIZE").operator_name == "HQResize");
}

TEST_CASE("an unknown operator resolves to paths that do not exist") {
    TempTree repo;
    write_headers(repo);
    const auto p = resolve_operator(repo.root(), Layout::cvcuda(), "NotARealOperator");
    CHECK_FALSE(operator_exists(p));
    CHECK(p.operator_name == "NotARealOperator");
    CHECK(p.op == "notarealoperator");
    CHECK(p.header == "src/cvcuda/include/cvcuda/OpNotARealOperator.h");
    CHECK(p.bench_cfg == "bench/config/operators/notarealoperator.json");
    CHECK(unknown_operator_message(p, Layout::cvcuda()) ==
          "unknown operator \"NotARealOperator\": no public header "
          "src/cvcuda/include/cvcuda/OpNotARealOperator.h (operators are the files "
          "src/cvcuda/include/cvcuda/Op*.h)");
}

TEST_CASE("Operator.h and Op.h never resolve (gates.md §8.25)") {
    TempTree repo;
    write_headers(repo);
    CHECK_FALSE(operator_exists(resolve_operator(repo.root(), Layout::cvcuda(), "erator")));
    CHECK_FALSE(operator_exists(resolve_operator(repo.root(), Layout::cvcuda(), "")));
}

TEST_CASE("pyname: the shortest m.def name without _into, earliest on a tie") {
    const Layout::Grammar g = Layout::cvcuda().grammar;
    CHECK(python_function_names(R"(m.def("hq_resize", &f); m.def( "hq_resize_into", &g);
        m.def("Bad", &h); m.def("x-y", &i); m.def(name, &j); pym.def("zz", &k);)",
                                g) ==
          std::vector<std::string>{"hq_resize", "hq_resize_into", "zz"});
    CHECK(python_name(R"(m.def("hq_resize_into"); m.def("hq_resize");)", "hqresize", g) ==
          "hq_resize");
    CHECK(python_name(R"(m.def("bbb"); m.def("aaa");)", "x", g) == "bbb");
    CHECK(python_name(R"(m.def("long_name"); m.def("nms");)", "x", g) == "nms");
    CHECK(python_name(R"(m.def("only_into");)", "fallback", g) == "fallback");
    CHECK(python_name("", "fallback", g) == "fallback");
}

TEST_CASE("resolve_operator reads the binding for pyname and the Python test fallback") {
    TempTree repo;
    write_headers(repo);
    repo.write(include_dir + "OpNonMaximumSuppression.h");
    repo.write("python/mod_cvcuda/operators/OpNonMaximumSuppression.cpp",
               "m.def(\"nms\", &Nms);\nm.def(\"nms_into\", &NmsInto);\n");
    repo.write("tests/cvcuda/python/test_opnms.py");
    auto p = resolve_operator(repo.root(), Layout::cvcuda(), "nonmaximumsuppression");
    CHECK(p.pyname == "nms");
    CHECK(p.test_py == "tests/cvcuda/python/test_opnms.py");

    repo.write("tests/cvcuda/python/test_opnonmaximumsuppression.py");
    p = resolve_operator(repo.root(), Layout::cvcuda(), "nonmaximumsuppression");
    CHECK(p.test_py == "tests/cvcuda/python/test_opnonmaximumsuppression.py");
}

TEST_CASE("priv: own sources, legacy kernels by longest prefix, then shared kernels") {
    TempTree repo;
    write_headers(repo);
    const std::string priv = "src/cvcuda/priv/";
    for (const char* file :
         {"OpGaussian.cu", "OpGaussian.cpp", "OpGaussian.hpp", "legacy/gaussian.cu",
          "legacy/gaussian_var_shape.cu", "legacy/gaussian_noise.cu", "legacy/gaussian.h",
          "legacy/.gaussian_hidden.cu", "legacy/filter.cu", "legacy/filter_utils.cu"})
        repo.write(priv + file);
    const auto p = resolve_operator(repo.root(), Layout::cvcuda(), "Gaussian");
    CHECK(p.priv == std::vector<std::string>{
                        "src/cvcuda/priv/OpGaussian.cu", "src/cvcuda/priv/OpGaussian.cpp",
                        "src/cvcuda/priv/legacy/gaussian.cu",
                        "src/cvcuda/priv/legacy/gaussian_var_shape.cu",
                        "src/cvcuda/priv/legacy/filter.cu"}); // filter_var_shape.cu is absent
    CHECK(resolve_operator(repo.root(), Layout::cvcuda(), "gaussiannoise").priv ==
          std::vector<std::string>{"src/cvcuda/priv/legacy/gaussian_noise.cu"});
}

TEST_CASE("a shared kernel that is also a legacy file is listed once") {
    TempTree repo;
    repo.write(include_dir + "OpHistogram.h");
    repo.write("src/cvcuda/priv/legacy/histogram.cu");
    repo.write("src/cvcuda/priv/legacy/calc_hist.cu");
    Layout layout;
    layout.attribution.shared_kernel_sources = {
        {"histogram",
         {"src/cvcuda/priv/legacy/histogram.cu", "src/cvcuda/priv/legacy/calc_hist.cu"}}};
    CHECK(resolve_operator(repo.root(), layout, "histogram").priv ==
          std::vector<std::string>{"src/cvcuda/priv/legacy/histogram.cu",
                                   "src/cvcuda/priv/legacy/calc_hist.cu"});
}

TEST_CASE("resolution follows another library's layout file") {
    TempTree repo;
    repo.write("odo-layout.json", R"({
        "paths": {"c_api": "include/imgops/{Name}Op.h", "c_api_excluded": ["BaseOp.h"],
                  "binding": "python/{name}_bind.cpp", "test_cpp": "test/{name}_test.cpp",
                  "priv_sources": ["src/{name}/kernel.cu"], "legacy_dir": ""}})");
    repo.write("include/imgops/BlurOp.h").write("include/imgops/BaseOp.h");
    repo.write("src/blur/kernel.cu");
    repo.write("python/blur_bind.cpp", "m.def(\"blur\", &b);");
    const Layout layout = layout_for_repository(repo.root());
    const auto p = resolve_operator(repo.root(), layout, "blur");
    CHECK(operator_exists(p));
    CHECK(p.operator_name == "Blur");
    CHECK(p.header == "include/imgops/BlurOp.h");
    CHECK(p.pybind == "python/blur_bind.cpp");
    CHECK(p.test_cpp == "test/blur_test.cpp");
    CHECK(p.priv == std::vector<std::string>{"src/blur/kernel.cu"});
    CHECK(p.pyname == "blur");
    CHECK_FALSE(operator_exists(resolve_operator(repo.root(), layout, "base")));
}

TEST_CASE("a private or legacy directory that is there but cannot be read is an error, not none") {
    TempTree repo;
    write_headers(repo);
    const Layout layout = Layout::cvcuda();
    CHECK(resolve_operator(repo.root(), layout, "resize").priv.empty()); // absent: none
    repo.write("src/cvcuda/priv/legacy", "a file\n");
    CHECK_THROWS_WITH_AS(resolve_operator(repo.root(), layout, "resize"),
                         "cannot read src/cvcuda/priv/legacy: not a directory", odo::InputError);
    std::filesystem::remove_all(repo.root() / "src/cvcuda/priv");
    repo.write("src/cvcuda/priv", "a file\n");
    CHECK_THROWS_WITH_AS(resolve_operator(repo.root(), layout, "resize"),
                         "cannot read src/cvcuda/priv: not a directory", odo::InputError);
}

TEST_CASE("compare_operator_lists reports what each list lacks") {
    const auto diff = compare_operator_lists({"flip", "resize", "warp"}, {"flip", "hqresize"});
    CHECK(diff.only_in_headers == std::vector<std::string>{"resize", "warp"});
    CHECK(diff.only_in_manifest == std::vector<std::string>{"hqresize"});
    CHECK_FALSE(diff.empty());
    CHECK(compare_operator_lists({"a"}, {"a"}).empty());
}
