#include "temp_tree.hpp"

#include <odo/core/json_write.hpp>
#include <odo/repo/layout_file.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::repo;

namespace {

std::string dump(const Layout& layout) {
    return odo::json::dumps(layout_to_json(layout));
}

std::string error_of(std::string_view text, std::string_view source = "odo-layout.json") {
    try {
        parse_layout(text, source);
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("the built-in profile is CV-CUDA's") {
    const Layout l = Layout::cvcuda();
    CHECK(l.paths.c_api == "src/cvcuda/include/cvcuda/Op{Name}.h");
    CHECK(l.paths.c_api_excluded == std::vector<std::string>{"Operator.h"});
    CHECK(l.paths.binding == "python/mod_cvcuda/operators/Op{Name}.cpp");
    CHECK(l.paths.manifest == "bench/config/bench_params.json");
    CHECK(l.paths.sku_map == "bench/config/sku_map.json");
    CHECK(l.paths.curated_data == ".agents/tools/review_op_data.json");
    CHECK(l.paths.secondary_scope_policy == "ci/optimization_secondary_scope_policy.json");
    CHECK(l.grammar.summary_marker == "cvcuda-optimize-summary:v1");
    CHECK(l.grammar.public_signature_tokens ==
          std::vector<std::string>{"CVCUDA_PUBLIC", "operator()", "Submit("});
    CHECK(l.commits.perf_type == "perf");
    CHECK(bench_config_template(l) == "bench/config/operators/{name}.json");
    CHECK(per_operator_bench_templates(l) ==
          std::vector<std::string>{"bench/config/operators/{name}.json",
                                   "bench/python/ops/bench_{name}.py",
                                   "bench/cpp/ops/Bench{Name}.cpp"});
    CHECK(l.tooling == Tooling::Cvcuda);
    // A layout file differs only in whose tools its fix texts name (the next test).
    CHECK(dump(l) == dump(parse_layout(R"({"tooling": "cvcuda"})", "odo-layout.json")));
}

TEST_CASE("tooling: CV-CUDA's in the built-in profile, odo's in a layout file unless it says") {
    CHECK(Layout::cvcuda().tooling == Tooling::Cvcuda);
    CHECK(parse_layout("{}", "odo-layout.json").tooling == Tooling::Odo);
    CHECK(parse_layout(R"({"languages": ["cpp"]})", "odo-layout.json").tooling == Tooling::Odo);
    CHECK(parse_layout(R"({"tooling": "odo"})", "odo-layout.json").tooling == Tooling::Odo);
    CHECK(parse_layout(R"({"tooling": "cvcuda"})", "odo-layout.json").tooling == Tooling::Cvcuda);
    // Written by layout_to_json, so the complete profile dumped as a file keeps CV-CUDA's texts.
    CHECK(odo::json::dumps(layout_to_json(Layout::cvcuda()).at("tooling")) == R"("cvcuda")");
    CHECK(odo::json::dumps(layout_to_json(parse_layout("{}", "l")).at("tooling")) == R"("odo")");
    for (const char* wrong : {R"("CV-CUDA")", R"("")", "1", "null", R"(["odo"])"})
        CHECK(error_of(std::string(R"({"tooling": )") + wrong + "}") ==
              R"(odo-layout.json: field "tooling" must be "cvcuda" or "odo")");
}

TEST_CASE("a layout file overrides only the fields it names") {
    const Layout l = parse_layout(R"({"schema": "odo-layout/v1",
        "paths": {"binding": "py/ops/{name}_binding.cpp", "priv_sources": ["src/{name}.cu"]},
        "attribution": {"multi_op_sources": {"src/shared.cu": ["a", "b"]}},
        "commits": {"perf_type": "speed"}})",
                                  "odo-layout.json");
    CHECK(l.paths.binding == "py/ops/{name}_binding.cpp");
    CHECK(l.paths.priv_sources == std::vector<std::string>{"src/{name}.cu"});
    CHECK(l.attribution.multi_op_sources.size() == 1);
    CHECK(l.attribution.multi_op_sources.at("src/shared.cu") == std::vector<std::string>{"a", "b"});
    CHECK(l.commits.perf_type == "speed");
    CHECK(l.paths.c_api == Layout::cvcuda().paths.c_api);
    CHECK(l.attribution.broad_prefixes == Layout::cvcuda().attribution.broad_prefixes);
}

TEST_CASE("the complete profile written as a layout file reads back unchanged") {
    const std::string text = odo::json::dumps(layout_to_json(Layout::cvcuda()), {2, false, true});
    CHECK(dump(parse_layout(text, "x.json")) == dump(Layout::cvcuda()));
}

TEST_CASE("every field rejects a value of the wrong type, naming the file and the field") {
    const auto doc = layout_to_json(Layout::cvcuda());
    int fields = 0;
    for (const auto& group : doc) {
        if (!group.value().is_object())
            continue;
        for (const auto& field : group.value().get_object()) {
            const std::string name = std::string(group.key()) + "." + std::string(field.key());
            CAPTURE(name);
            std::string wrong, rule;
            if (field.value().is_string()) {
                wrong = "5";
                rule = "must be a string";
            } else if (field.value().is_array()) {
                wrong = "\"x\"";
                rule = "must be a list of strings";
            } else {
                wrong = "[]";
                rule = "must be an object whose values are lists of strings";
            }
            const std::string text = "{\"" + std::string(group.key()) + "\": {\"" +
                                     std::string(field.key()) + "\": " + wrong + "}}";
            CHECK(error_of(text) == "odo-layout.json: field \"" + name + "\" " + rule);
            ++fields;
        }
    }
    CHECK(fields == 48); // every field of the layout, the refactor keys, ledger and target too
    CHECK(error_of(R"({"paths": {"binding": null}})") ==
          R"(odo-layout.json: field "paths.binding" must be a string)");
}

TEST_CASE("lists and tables reject wrong elements") {
    CHECK(error_of(R"({"paths": {"priv_sources": ["a", 1]}})") ==
          R"(odo-layout.json: field "paths.priv_sources" must be a list of strings)");
    CHECK(
        error_of(R"({"attribution": {"multi_op_sources": {"x": "a"}}})") ==
        R"(odo-layout.json: field "attribution.multi_op_sources" must be an object whose values are lists of strings)");
    CHECK(
        error_of(R"({"attribution": {"shared_kernel_sources": {"x": [true]}}})") ==
        R"(odo-layout.json: field "attribution.shared_kernel_sources" must be a list of strings)");
}

TEST_CASE("unknown fields, wrong groups, schema and shape are rejected") {
    CHECK(error_of(R"({"pathz": {}})") ==
          R"(odo-layout.json: field "pathz" is not a layout field)");
    CHECK(error_of(R"({"paths": {"bindings": "x"}})") ==
          R"(odo-layout.json: field "paths.bindings" is not a layout field)");
    CHECK(error_of(R"({"paths": []})") == R"(odo-layout.json: field "paths" must be an object)");
    CHECK(error_of(R"({"schema": "oplib-layout/v1"})") ==
          R"(odo-layout.json: field "schema" must be "odo-layout/v1")");
    CHECK(error_of(R"({"schema": 1})") ==
          R"(odo-layout.json: field "schema" must be "odo-layout/v1")");
    CHECK(error_of("[]") == "odo-layout.json: a layout file must hold a JSON object");
    CHECK(error_of("{\"paths\": ", "my/layout.json").find("my/layout.json: invalid JSON") == 0);
}

TEST_CASE(
    "grammar.test_suite_prefix is \"Op\" by default, may be empty, and starts an identifier") {
    CHECK(Layout::cvcuda().grammar.test_suite_prefix == "Op");
    CHECK(parse_layout(R"({"grammar": {"test_suite_prefix": ""}})", "x.json")
              .grammar.test_suite_prefix.empty());
    CHECK(parse_layout(R"({"grammar": {"test_suite_prefix": "Px_2"}})", "x.json")
              .grammar.test_suite_prefix == "Px_2");
    for (const char* bad : {"Op ", "2Op", "Op::", "\u00c9t"}) {
        CAPTURE(bad);
        CHECK(error_of(std::string(R"({"grammar": {"test_suite_prefix": ")") + bad + "\"}}") ==
              "odo-layout.json: field \"grammar.test_suite_prefix\" must start a C++ identifier "
              "(letters, digits and '_', not a digit first), or be \"\"");
    }
}

TEST_CASE("a field written twice is an error naming the file and the field") {
    CHECK(error_of(R"({"paths": {"sku_map": "a.json", "sku_map": "b.json"}})") ==
          "odo-layout.json: key 'sku_map' appears twice in one object");
}

TEST_CASE("templates must use known placeholders where the role needs them") {
    CHECK(
        error_of(R"({"paths": {"c_api": "include/{name}.h"}})") ==
        R"(odo-layout.json: field "paths.c_api" must hold {Name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"c_api": "include/{Name}/api.h"}})") ==
        R"(odo-layout.json: field "paths.c_api" must hold {Name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"c_api": "include/{Name}{Name}.h"}})") ==
        R"(odo-layout.json: field "paths.c_api" must hold {Name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"test_py": "t/test_{Nmae}.py"}})") ==
        R"(odo-layout.json: field "paths.test_py" uses the unknown placeholder {Nmae} (known: {Name}, {name}, {py}))");
    CHECK(
        error_of(R"({"paths": {"priv_sources": ["src/{op}.cu"]}})") ==
        R"(odo-layout.json: field "paths.priv_sources" uses the unknown placeholder {op} (known: {Name}, {name}, {py}))");
    CHECK(
        error_of(R"({"paths": {"bench_cpp": "bench/{Name}/main.cpp"}})") ==
        R"(odo-layout.json: field "paths.bench_cpp" must hold {Name} or {name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"bench_py": "bench/bench_{py}.py"}})") ==
        R"(odo-layout.json: field "paths.bench_py" must hold {Name} or {name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"bench_config_file": "config.json"}})") ==
        R"(odo-layout.json: field "paths.bench_config_file" must hold {Name} or {name} exactly once, in the file name)");
    CHECK(
        error_of(R"({"paths": {"campaign_ledger": "bench/campaign.jsonl"}})") ==
        R"(odo-layout.json: field "paths.campaign_ledger" must hold {Name} or {name} exactly once, in the file name)");
    CHECK(odo::repo::Layout{}.paths.campaign_ledger == "bench/campaigns/Op{Name}.ledger.jsonl");
    CHECK(odo::repo::Layout{}.paths.bench_target == "bench_{name}");
    CHECK(
        error_of(R"({"paths": {"bench_target": "bench_all"}})") ==
        R"(odo-layout.json: field "paths.bench_target" must hold {Name} or {name} exactly once, in the file name)");
    CHECK(error_of(R"({"paths": {"manifest": "bench/{name}.json"}})") ==
          R"(odo-layout.json: field "paths.manifest" must be a fixed path without placeholders)");
    CHECK(error_of(R"({"paths": {"priv_dir": ""}})") ==
          R"(odo-layout.json: field "paths.priv_dir" must not be empty)");
    CHECK(error_of(R"({"commits": {"fix_type": ""}})") ==
          R"(odo-layout.json: field "commits.fix_type" must not be empty)");
    // Optional roles may be empty: the library has no such file.
    CHECK(parse_layout(R"({"paths": {"bench_py": "", "binding": "", "legacy_dir": ""}})", "l")
              .paths.bench_py.empty());
}

TEST_CASE("operator names in the attribution tables are lower case") {
    CHECK(
        error_of(R"({"attribution": {"multi_op_sources": {"a.cu": ["Resize"]}}})") ==
        R"(odo-layout.json: field "attribution.multi_op_sources" must name operators in lower case, as the manifest does)");
    CHECK(
        error_of(R"({"attribution": {"shared_kernel_sources": {"HQResize": []}}})") ==
        R"(odo-layout.json: field "attribution.shared_kernel_sources" must name operators in lower case, as the manifest does)");
}

TEST_CASE("layout_for_repository: explicit file, then odo-layout.json, then CV-CUDA") {
    TempTree repo;
    CHECK(dump(layout_for_repository(repo.root())) == dump(Layout::cvcuda()));

    repo.write("odo-layout.json", R"({"paths": {"sku_map": "perf/skus.json"}})");
    CHECK(layout_for_repository(repo.root()).paths.sku_map == "perf/skus.json");

    repo.write("other.json", R"({"paths": {"sku_map": "other.json"}})");
    CHECK(layout_for_repository(repo.root(), repo.root() / "other.json").paths.sku_map ==
          "other.json");
    CHECK_THROWS_WITH_AS(layout_for_repository(repo.root(), repo.root() / "missing.json"),
                         ((repo.root() / "missing.json").string() + ": cannot read file").c_str(),
                         odo::InputError);

    repo.write("odo-layout.json", R"({"paths": {"sku_map": 3}})");
    CHECK_THROWS_WITH_AS(
        layout_for_repository(repo.root()),
        ((repo.root() / "odo-layout.json").string() + ": field \"paths.sku_map\" must be a string")
            .c_str(),
        odo::InputError);
}
