#include <odo/summary/metadata.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace odo::summary;

namespace {

const std::string sha1(40, '1');
const std::string sha2(40, '2');

// A valid metadata JSON with `extra` appended inside the object.
std::string json(const std::string& fields) {
    return "{" + fields + "}";
}

std::string valid_fields() {
    return R"("operator":"Example","state":"final","baseline_commit":")" + sha1 +
           R"(","candidate_commit":")" + sha2 + R"(","optimized_cases":["k[a=1]"])";
}

std::string error_of(const std::string& text) {
    try {
        parse_metadata(text);
    } catch (const SummaryError& e) {
        return e.what();
    }
    return "";
}

std::string with(const std::string& field, const std::string& value) {
    std::string fields = valid_fields();
    const std::string key = "\"" + field + "\":";
    const auto at = fields.find(key);
    if (at == std::string::npos)
        return json(fields + "," + key + value);
    const auto end = fields.find(",\"", at + key.size());
    const auto stop = field == "optimized_cases" ? fields.size() : end;
    return json(fields.replace(at + key.size(), stop - at - key.size(), value));
}

std::string array_of(std::size_t n, const std::string& stem) {
    std::string out = "[";
    for (std::size_t i = 0; i < n; ++i)
        out += std::string(i ? "," : "") + "\"" + stem + std::to_string(i) + "\"";
    return out + "]";
}

} // namespace

TEST_CASE("valid metadata parses, with defaults for the optional fields") {
    const Metadata m = parse_metadata(json(valid_fields()));
    CHECK(m.operator_name == "Example");
    CHECK(m.state == State::Final);
    CHECK(m.baseline_commit == sha1);
    CHECK(m.candidate_commit == sha2);
    CHECK(m.optimized_cases == std::vector<std::string>{"k[a=1]"});
    CHECK(m.impact_metric == ImpactMetric::CppTime);
    CHECK(m.secondary_operators.empty());
    CHECK(parse_metadata(with("impact_metric", "\"python_overhead\"")).impact_metric ==
          ImpactMetric::PythonOverhead);
    CHECK(parse_metadata(with("secondary_operators", "[\"BndBox\",\"Osd\"]")).secondary_operators ==
          std::vector<std::string>{"BndBox", "Osd"});
}

TEST_CASE("metadata errors, each with the reference's message") {
    CHECK(error_of("{" + std::string(max_metadata_bytes, ' ') + "}") ==
          "metadata exceeds the parser size limit");
    CHECK(error_of(json(valid_fields() + ",\"state\":\"final\"")) ==
          "metadata JSON repeats field 'state'");
    CHECK(error_of(with("optimized_cases", "[{\"a\":1,\"a\":2}]")) ==
          "metadata JSON repeats field 'a'");
    CHECK(error_of("{\"a\":1,}").rfind("metadata is not valid JSON: ", 0) == 0);
    CHECK(error_of("{\"a\":NaN}").rfind("metadata is not valid JSON: ", 0) == 0);
    const std::string fields_message =
        "metadata must contain exactly operator, state, baseline_commit, candidate_commit, and "
        "optimized_cases, with optional impact_metric and secondary_operators";
    CHECK(error_of("{}") == fields_message);
    CHECK(error_of(json(valid_fields() + ",\"extra\":1")) == fields_message);
    CHECK(error_of(with("optimized_cases", "\"k\"")) ==
          "metadata optimized_cases must be an array");
    CHECK(error_of(with("secondary_operators", "\"BndBox\"")) ==
          "metadata secondary_operators must be an array");
    for (const char* op : {"7", "\"\"", "\"9Lives\"", "\"Op-X\"", "null"})
        CHECK(error_of(with("operator", op)) == "metadata operator is invalid");
    CHECK(error_of(with("operator", "\"A" + std::string(128, 'b') + "\"")) ==
          "metadata operator is invalid");
    CHECK(error_of(with("operator", "\"A" + std::string(127, 'b') + "\"")).empty());
    for (const char* state : {"{}", "[]", "7", "null", "\"Final\""})
        CHECK(error_of(with("state", state)) == "metadata state must be provisional or final");
    for (const char* metric : {"null", "\"wall_clock\"", "1"})
        CHECK(error_of(with("impact_metric", metric)) ==
              "metadata impact_metric must be cpp_time or python_overhead");
    CHECK(error_of(with("secondary_operators", array_of(65, "Shared"))) ==
          "metadata secondary_operators may contain at most 64 names");
    CHECK(error_of(with("secondary_operators", array_of(64, "Shared"))).empty());
    CHECK(error_of(with("secondary_operators", "[\"ok\",7]")) ==
          "metadata secondary_operators contains an invalid operator");
    CHECK(error_of(with("secondary_operators", "[\"BndBox\",\"bndbox\"]")) ==
          "metadata secondary_operators contains duplicate operators");
    CHECK(error_of(with("secondary_operators", "[\"EXAMPLE\"]")) ==
          "metadata secondary_operators must not repeat the primary operator");
    CHECK(error_of(with("baseline_commit", "\"" + std::string(40, 'A') + "\"")) ==
          "metadata baseline_commit must be a full lowercase 40-character commit SHA");
    CHECK(error_of(with("candidate_commit", "\"abc\"")) ==
          "metadata candidate_commit must be a full lowercase 40-character commit SHA");
    CHECK(error_of(with("optimized_cases", "[]")) ==
          "metadata optimized_cases must contain 1..10000 keys");
    CHECK(error_of(with("optimized_cases", array_of(10001, "k"))) ==
          "metadata optimized_cases must contain 1..10000 keys");
    for (const std::string& bad :
         {std::string("[\"\"]"), std::string("[1]"), "[\"" + std::string(4097, 'k') + "\"]"})
        CHECK(error_of(with("optimized_cases", bad)) ==
              "metadata contains an invalid optimized case key");
    // 4096 code points of a two-byte character are 8192 bytes, and still allowed.
    std::string wide;
    for (int i = 0; i < 4096; ++i)
        wide += "\xC3\xA9";
    CHECK(error_of(with("optimized_cases", "[\"" + wide + "\"]")).empty());
    CHECK(error_of(with("optimized_cases", "[\"k\",\"k\"]")) ==
          "metadata optimized_cases contains duplicate keys");
}

TEST_CASE("a repeated key is reported when its object closes, as Python's hook does") {
    // The inner object closes (and repeats a key) before the syntax error.
    CHECK(error_of("{\"o\":{\"k\":1,\"k\":2},") == "metadata JSON repeats field 'k'");
    // The repeating object is still open when the syntax error comes.
    CHECK(error_of("{\"k\":1,\"k\":2,").rfind("metadata is not valid JSON", 0) == 0);
}

TEST_CASE("typed metadata is validated with the same rules") {
    Metadata m = parse_metadata(json(valid_fields()));
    CHECK_NOTHROW(validate_metadata(m));
    m.secondary_operators = {"Example"};
    CHECK_THROWS_WITH_AS(validate_metadata(m),
                         "metadata secondary_operators must not repeat the primary operator",
                         SummaryError);
    m.secondary_operators.clear();
    m.optimized_cases.clear();
    CHECK_THROWS_WITH_AS(validate_metadata(m),
                         "metadata optimized_cases must contain 1..10000 keys", SummaryError);
}

TEST_CASE("the canonical JSON orders the keys and omits defaults") {
    Metadata m = parse_metadata(json(valid_fields()));
    CHECK(metadata_json(m) == json(valid_fields()));
    m.impact_metric = ImpactMetric::PythonOverhead;
    m.secondary_operators = {"BndBox"};
    m.optimized_cases = {"caf\xC3\xA9[a=\"q\"]", "line\xE2\x80\xA8sep\xC2\x85x"};
    const std::string text = metadata_json(m);
    CHECK(text == R"({"operator":"Example","secondary_operators":["BndBox"],"state":"final",)"
                  R"("impact_metric":"python_overhead","baseline_commit":")" +
                      sha1 + R"(","candidate_commit":")" + sha2 +
                      "\",\"optimized_cases\":[\"caf\xC3\xA9[a=\\\"q\\\"]\","
                      "\"line\\u2028sep\\u0085x\"]}");
    const Metadata back = parse_metadata(text);
    CHECK(back.optimized_cases == m.optimized_cases);
    CHECK(back.secondary_operators == m.secondary_operators);
    CHECK(back.impact_metric == m.impact_metric);
}
