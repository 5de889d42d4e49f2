// ODO-10, operator scope, and the secondary-scope policy file (gates.md §7 tests 11–13).
#include "../repo/temp_tree.hpp"
#include "text_helpers.hpp"

#include <odo/gates/evidence_checks_scope.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using odo::Finding;
using odo::Status;
using namespace odo::gates;

namespace {

using odo::testing::guide;
const odo::repo::OperatorSet scope_ops = {"bndbox", "osd", "warp", "warpaffine"};

odo::repo::OperatorPaths osd() {
    odo::repo::OperatorPaths op;
    op.operator_name = "OSD";
    op.op = "osd";
    return op;
}

// The changed files that attribute to exactly `touched` (their bench configs).
ChangeRange touching(const std::vector<std::string>& touched) {
    ChangeRange r;
    r.base = "origin/main";
    r.merge_base = std::string(40, 'a');
    r.changed = std::vector<std::string>{"docs/notes.md"};
    for (const std::string& op : touched)
        r.changed->push_back("bench/config/operators/" + op + ".json");
    return r;
}

const SecondaryScopePolicy reviewed = parse_secondary_scope_policy(
    R"({"allow": [{"mr": "123", "primary": "OSD", "secondaries": ["bndbox"],
                   "reason": "OSD draws boxes through BndBox's kernel"}]})",
    "policy.json");

Finding scope(const std::vector<std::string>& touched, const ScopeDeclaration& declared,
              const SecondaryScopePolicy& policy = reviewed) {
    return check_odo10_operator_scope(touching(touched), scope_ops, odo::repo::Layout::cvcuda(),
                                      osd(), declared, policy, guide);
}

using odo::testing::contains;

std::string policy_error(const std::string& text) {
    try {
        parse_secondary_scope_policy(text, "ci/policy.json");
    } catch (const odo::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("11: a code-reviewed secondary scope passes") {
    const Finding f = scope({"osd", "bndbox"}, {"OSD", {"BndBox"}, std::string("123")});
    CHECK(f.id == "ODO-10");
    CHECK(f.status == Status::Pass);
    CHECK(contains(f.summary, "code-reviewed secondary"));
    CHECK(f.summary == "Optimization MR uses a code-reviewed secondary baseline scope");
    CHECK(f.evidence == "MR !123; attributed operators=bndbox, osd");
}

TEST_CASE("12: the secondary scope fails closed") {
    struct Case {
        const char* mr;
        const char* metadata_operator;
        std::vector<std::string> secondaries;
        std::vector<std::string> touched;
    };
    for (const Case& c : std::vector<Case>{{"122", "OSD", {"BndBox"}, {"osd", "bndbox"}},
                                           {"123", "BndBox", {"OSD"}, {"osd", "bndbox"}},
                                           {"123", "OSD", {"BndBox"}, {"osd"}},
                                           {"123", "OSD", {"BndBox"}, {"osd", "bndbox", "warp"}},
                                           {"123", "OSD", {"Warp"}, {"osd", "warp"}}}) {
        const Finding f = scope(c.touched, {c.metadata_operator, c.secondaries, std::string(c.mr)});
        CAPTURE(c.mr);
        CAPTURE(c.metadata_operator);
        CHECK(f.status == Status::Gap);
        CHECK(f.summary == "Optimization MR secondary operator scope is not authorized");
    }
}

TEST_CASE("12: the GAP names each reason") {
    const Finding both = scope({"osd"}, {"OSD", {"Warp"}, std::string("123")});
    CHECK(both.evidence ==
          "declaration is not allowlisted for this exact MR/primary pair; declared "
          "operators=osd, warp but attributed operators=osd");
    const Finding mismatch = scope({}, {"OSD", {"BndBox"}, std::string("123")});
    CHECK(mismatch.evidence == "declared operators=bndbox, osd but attributed operators=none");
    CHECK(contains(mismatch.fix, "ci/optimization_secondary_scope_policy.json"));
    CHECK(scope({"osd", "bndbox"}, {"OSD", {"BndBox"}, std::nullopt}).status == Status::Gap);
}

TEST_CASE("13: with nothing declared, one operator passes and two are a GAP") {
    const SecondaryScopePolicy deny_all;
    const Finding one = scope({"osd"}, {"OSD", {}, std::nullopt}, deny_all);
    CHECK(one.status == Status::Pass);
    CHECK(one.summary == "Optimization MR is scoped to one operator");
    CHECK(one.evidence == "attributed operators=osd");
    const Finding two = scope({"osd", "bndbox"}, {"OSD", {}, std::nullopt}, deny_all);
    CHECK(two.status == Status::Gap);
    CHECK(two.summary == "Optimization MR spans multiple operators");
    CHECK(two.evidence == "attributed operators=bndbox, osd");
    CHECK(two.fix == "Split the work into one perf MR and one v1 summary per operator.");
    CHECK(scope({}, {"OSD", {}, std::nullopt}, deny_all).evidence == "attributed operators=osd");
}

TEST_CASE("ODO-10 is MANUAL when the change is unknown") {
    ChangeRange r;
    r.base = "origin/main";
    CHECK(check_odo10_operator_scope(r, scope_ops, odo::repo::Layout::cvcuda(), osd(), {}, reviewed,
                                     guide)
              .status == Status::Manual);
}

TEST_CASE("the policy grants exact MR, primary and secondary sets, in any case") {
    CHECK(reviewed.allows(std::string("123"), "osd", {"BNDBOX"}));
    CHECK_FALSE(reviewed.allows(std::string("123"), "osd", {"bndbox", "warp"}));
    CHECK_FALSE(reviewed.allows(std::nullopt, "osd", {"bndbox"}));
    CHECK_FALSE(reviewed.allows(std::string("1234"), "osd", {"bndbox"}));
    CHECK_FALSE(SecondaryScopePolicy{}.allows(std::string("123"), "osd", {"bndbox"}));
    const SecondaryScopePolicy empty = parse_secondary_scope_policy(R"({"allow": []})", "p.json");
    CHECK(empty.allow.empty());
}

TEST_CASE("a malformed policy is an input error naming the file and the field") {
    CHECK(policy_error("{").rfind("ci/policy.json: invalid JSON", 0) == 0);
    CHECK(policy_error("[]") == "ci/policy.json: the policy must be a JSON object");
    CHECK(policy_error("{}") == "ci/policy.json: \"allow\" must be an array");
    CHECK(policy_error(R"({"allow": [], "deny": []})") ==
          "ci/policy.json: \"deny\" is not a policy field");
    CHECK(policy_error(R"({"allow": [1]})") == "ci/policy.json: allow[0] must be an object");
    CHECK(policy_error(R"({"allow": [{"mr": 123, "primary": "osd", "secondaries": ["a"]}]})") ==
          "ci/policy.json: allow[0]: \"mr\" must be a non-empty string");
    CHECK(policy_error(R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": []}]})") ==
          "ci/policy.json: allow[0]: \"secondaries\" must be a non-empty array of operator names");
    CHECK(policy_error(R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": [""]}]})") ==
          "ci/policy.json: allow[0]: \"secondaries\" must hold non-empty strings");
    CHECK(
        policy_error(R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": ["a", "A"]}]})") ==
        "ci/policy.json: allow[0]: \"secondaries\" repeats an operator");
    CHECK(policy_error(R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": ["OSD"]}]})") ==
          "ci/policy.json: allow[0]: \"secondaries\" repeats the primary operator");
    CHECK(policy_error(
              R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": ["a"], "why": ""}]})") ==
          "ci/policy.json: allow[0]: \"why\" is not a policy field");
    CHECK(policy_error(
              R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": ["a"], "reason": 1}]})") ==
          "ci/policy.json: allow[0]: \"reason\" must be a non-empty string");
}

TEST_CASE("a policy field written twice is an input error naming the file and the key") {
    CHECK(policy_error(R"({"allow": [{"mr": "1", "primary": "osd", "secondaries": ["a"],
                                      "mr": "2"}]})") ==
          "ci/policy.json: key 'mr' appears twice in one object");
}

TEST_CASE("the layout names the policy file; an absent file denies every secondary") {
    const TempTree tree;
    const odo::repo::Layout layout;
    CHECK(load_secondary_scope_policy(tree.root(), layout).allow.empty());
    tree.write(layout.paths.secondary_scope_policy,
               R"({"allow": [{"mr": "7", "primary": "osd", "secondaries": ["bndbox"]}]})");
    CHECK(load_secondary_scope_policy(tree.root(), layout)
              .allows(std::string("7"), "OSD", {"BndBox"}));
    tree.write(layout.paths.secondary_scope_policy, "{");
    CHECK_THROWS_WITH_AS(load_secondary_scope_policy(tree.root(), layout),
                         doctest::Contains("ci/optimization_secondary_scope_policy.json"),
                         odo::InputError);
}
