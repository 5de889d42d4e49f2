#include <odo/repo/path_template.hpp>
#include <odo/repo/path_text.hpp>

#include <doctest/doctest.h>

using namespace odo::repo;

TEST_CASE("normalize_path follows step 1 of the attribution rules") {
    CHECK(normalize_path(" src\\cvcuda\\priv\\OpFlip.cu \n") == "src/cvcuda/priv/OpFlip.cu");
    CHECK(normalize_path("././bench/run_bench.py") == "bench/run_bench.py");
    CHECK(normalize_path("//src/nvcv/x.h") == "src/nvcv/x.h");
    CHECK(normalize_path("./") == "");
    CHECK(normalize_path("   ") == "");
    CHECK(normalize_path("a/./b") == "a/./b"); // only leading "./" is removed
}

TEST_CASE("file name parts") {
    CHECK(file_name("src/cvcuda/priv/legacy/filter_var_shape.cu") == "filter_var_shape.cu");
    CHECK(file_name("Top.h") == "Top.h");
    CHECK(file_stem("a/b/filter_var_shape.cu") == "filter_var_shape");
    CHECK(file_stem("a/b/archive.tar.gz") == "archive.tar");
    CHECK(file_stem("a/.hidden") == ".hidden");
    CHECK(file_stem("a/noext") == "noext");
    CHECK(file_extension("a/b/OpFlip.cuh") == ".cuh");
    CHECK(file_extension("a/noext") == "");
    CHECK(file_extension("a/.hidden") == "");
}

TEST_CASE("is_under and relative_to work on whole directory names") {
    CHECK(is_under("src/cvcuda/priv/OpFlip.cu", "src/cvcuda/priv"));
    CHECK(is_under("src/cvcuda/priv/legacy/x.cu", "src/cvcuda/priv/"));
    CHECK_FALSE(is_under("src/cvcuda/private/x.cu", "src/cvcuda/priv"));
    CHECK_FALSE(is_under("src/cvcuda/priv", "src/cvcuda/priv"));
    CHECK_FALSE(is_under("src/cvcuda/priv/", "src/cvcuda/priv"));
    CHECK_FALSE(is_under("anything", ""));
    CHECK(relative_to("src/cvcuda/priv/legacy/x.cu", "src/cvcuda/priv") == "legacy/x.cu");
    CHECK(relative_to("tests/x.cpp", "src/cvcuda/priv").empty());
}

TEST_CASE("glob_match: '*' and '?' never cross a '/'") {
    CHECK(glob_match("*.c*", "filter.cu"));
    CHECK(glob_match("*.c*", "calc_hist.cpp"));
    CHECK(glob_match("*.c*", "CvCudaUtils.cuh"));
    CHECK(glob_match("*.c*", "x.c"));
    CHECK_FALSE(glob_match("*.c*", "CvCudaLegacy.h"));
    CHECK(glob_match("src/legacy/warp*.cu", "src/legacy/warp_var_shape.cu"));
    CHECK(glob_match("src/legacy/warp*.cu", "src/legacy/warp.cu"));
    CHECK_FALSE(glob_match("src/legacy/warp*.cu", "src/legacy/warp/x.cu"));
    CHECK_FALSE(glob_match("src/*", "src/a/b"));
    CHECK(glob_match("a?c", "abc"));
    CHECK_FALSE(glob_match("a?c", "a/c"));
    CHECK_FALSE(glob_match("a?c", "ac"));
    CHECK(glob_match("*", ""));
    CHECK(glob_match("**x", "abx"));
    CHECK_FALSE(glob_match("abc", "abcd"));
}

TEST_CASE("path_key_matches: exact, directory prefix, wildcard") {
    CHECK(path_key_matches("bench/run_bench.py", "bench/run_bench.py"));
    CHECK_FALSE(path_key_matches("bench/run_bench.py", "bench/run_bench.pyc"));
    CHECK(path_key_matches("src/legacy/textbackend/", "src/legacy/textbackend/a/b.cpp"));
    CHECK_FALSE(path_key_matches("src/legacy/textbackend/", "src/legacy/textbackend.cpp"));
    CHECK(path_key_matches("src/priv/IOperator.*", "src/priv/IOperator.hpp"));
    CHECK_FALSE(path_key_matches("src/priv/IOperator.*", "src/priv/IOperatorX.hpp"));
}

TEST_CASE("templates expand {Name}, {name} and {py}") {
    const PlaceholderValues v{"HQResize", "hqresize", "hq_resize"};
    CHECK(expand("tests/TestOp{Name}.cpp", v) == "tests/TestOpHQResize.cpp");
    CHECK(expand("test_op{name}.py|test_op{py}.py", v) == "test_ophqresize.py|test_ophq_resize.py");
    CHECK(expand("{other}/{Name}", v) == "{other}/HQResize");
    CHECK(expand("no placeholder {", v) == "no placeholder {");
    CHECK(unknown_placeholder("a/{Name}/{Nmae}.h") == "{Nmae}");
    CHECK_FALSE(unknown_placeholder("a/{Name}/{name}{py}.h"));
    CHECK_FALSE(unknown_placeholder("a/{}.h")); // not a placeholder
    CHECK(placeholder_count("a/{Name}/{name}") == 2);
}

TEST_CASE("match_template finds the operator part of a file name") {
    CHECK(match_template("bench/cpp/ops/Bench{Name}.cpp", "bench/cpp/ops/BenchFlip.cpp") == "Flip");
    CHECK_FALSE(match_template("bench/cpp/ops/Bench{Name}.cpp", "bench/cpp/ops/Bench.cpp"));
    CHECK_FALSE(match_template("bench/cpp/ops/Bench{Name}.cpp", "bench/cpp/ops/sub/BenchX.cpp"));
    CHECK_FALSE(match_template("bench/cpp/ops/Bench{Name}.cpp", "bench/cpp/ops/BenchFlip.cu"));
    CHECK_FALSE(match_template("a/{Name}{name}.h", "a/xy.h")); // two placeholders never match
    CHECK(placeholder_in_file_name("bench/cpp/ops/Bench{Name}.cpp"));
    CHECK_FALSE(placeholder_in_file_name("{name}/x.cpp"));
    CHECK_FALSE(placeholder_in_file_name("a/x.cpp"));
    CHECK(template_directory("src/cvcuda/include/cvcuda/Op{Name}.h") ==
          "src/cvcuda/include/cvcuda");
    CHECK(template_directory("Op{Name}.h") == "");
}
