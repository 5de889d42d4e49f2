// VER-5's Python share (#28.7): the tests pytest collects and the rows of their parametrize
// decorators, so dropping a test function or a row moves the coverage signature.
#include <odo/refactor/coverage_signature.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace odo::refactor;

namespace {

const std::string python_tests = R"py(import pytest
import cvcuda


def helper():
    """def test_in_docstring(): not a test"""
    return 1


# def test_commented_out(): not a test
@pytest.mark.parametrize(
    "shape, dtype",
    [
        ((1, 8, 8, 3), "u8"),  # a comment, [brackets] and "quotes," do not count
        pytest.param((2, 8, 8, 3), "f32", id="two"),
        ((4, 8, 8, 3), ")"),
    ],
)
def test_op_twin(shape, dtype):
    def test_nested():  # inside a function: not collected
        pass
    assert helper() == 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(argnames="n", argvalues=(1, 2))
async def test_async(size, n):
    pass


class TestTwin:
    def test_method(self):
        pass

    def helper_method(self):
        pass

    class TestInner:
        def test_inner(self):
            pass


class Helper:
    def test_not_collected(self):
        pass


def testing_prefix_counts():
    pass
)py";

} // namespace

TEST_CASE("the tests pytest collects, with their parametrize rows") {
    CHECK(python_test_signature(python_tests) ==
          std::vector<std::string>{
              "pytest:TestTwin.TestInner.test_inner", "pytest:TestTwin.test_method",
              "pytest:test_async", "pytest:test_async parametrize=2",
              "pytest:test_async parametrize=SIZES", "pytest:test_op_twin",
              "pytest:test_op_twin parametrize=3", "pytest:testing_prefix_counts"});
    CHECK(python_test_signature("").empty());
    CHECK(python_test_signature("x = '''\ndef test_unterminated():\n").empty());
}

TEST_CASE("dropping a test function or a row moves the signature; reflowing a body does not") {
    const auto base = python_test_signature(python_tests);
    auto without = [&](const std::string& from, const std::string& to) {
        std::string edited = python_tests;
        edited.replace(edited.find(from), from.size(), to);
        return python_test_signature(edited);
    };
    CHECK(without("    def test_method(self):\n        pass\n", "") != base);
    CHECK(without("        ((4, 8, 8, 3), \")\"),\n", "") != base);
    CHECK(without("def test_async", "def async_helper") != base);
    CHECK(without("    assert helper() == 1\n",
                  "    assert (\n        helper()\n        == 1\n    )\n") == base);
    CHECK(without("def helper():", "def helper(): # renamed comment") == base);
}
