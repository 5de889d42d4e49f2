#pragma once
// ODO-10: one operator per optimization MR. Secondary operators are allowed only where the
// summary declares them and a code-reviewed policy file grants exactly that MR, primary and
// secondary set. The policy's format and loader live here because nothing else reads it.
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/repo/implementation.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace odo::gates {

// One reviewed grant: in MR `mr`, operator `primary` may also move `secondaries`' baselines.
struct SecondaryScopeGrant {
    std::string mr;
    std::string primary;                  // lower case
    std::vector<std::string> secondaries; // lower case, sorted
    std::string reason;
};

// The allow-list (docs/evidence.md). Empty denies every secondary declaration.
struct SecondaryScopePolicy {
    std::vector<SecondaryScopeGrant> allow;

    // Whether a grant matches exactly: the same MR, primary and set of secondaries (any case).
    bool allows(const std::optional<std::string>& mr, std::string_view primary,
                const std::vector<std::string>& secondaries) const {
        if (!mr)
            return false;
        std::vector<std::string> wanted;
        for (const std::string& s : secondaries)
            wanted.push_back(text::lower(s));
        std::sort(wanted.begin(), wanted.end());
        return std::any_of(allow.begin(), allow.end(), [&](const SecondaryScopeGrant& g) {
            return g.mr == *mr && g.primary == text::lower(primary) && g.secondaries == wanted;
        });
    }
};

namespace detail {

#if ODO_GATES_DEFINITIONS
inline std::string policy_string(const boost::json::object& entry, std::string_view key,
                                 const std::string& where, bool required) {
    const boost::json::value* v = entry.if_contains(key);
    if (!v && !required)
        return "";
    if (!v || !v->is_string() || (required && v->get_string().empty()))
        throw InputError(where + ": \"" + std::string(key) + "\" must be a non-empty string");
    return std::string(v->get_string());
}

inline SecondaryScopeGrant policy_grant(const boost::json::value& value, const std::string& where) {
    if (!value.is_object())
        throw InputError(where + " must be an object");
    const boost::json::object& entry = value.get_object();
    for (const auto& kv : entry)
        if (kv.key() != "mr" && kv.key() != "primary" && kv.key() != "secondaries" &&
            kv.key() != "reason")
            throw InputError(where + ": \"" + std::string(kv.key()) + "\" is not a policy field");
    SecondaryScopeGrant grant{policy_string(entry, "mr", where, true),
                              text::lower(policy_string(entry, "primary", where, true)),
                              {},
                              policy_string(entry, "reason", where, false)};
    const boost::json::value* secondaries = entry.if_contains("secondaries");
    if (!secondaries || !secondaries->is_array() || secondaries->get_array().empty())
        throw InputError(where + ": \"secondaries\" must be a non-empty array of operator names");
    for (const boost::json::value& name : secondaries->get_array()) {
        if (!name.is_string() || name.get_string().empty())
            throw InputError(where + ": \"secondaries\" must hold non-empty strings");
        grant.secondaries.push_back(text::lower(std::string(name.get_string())));
    }
    std::sort(grant.secondaries.begin(), grant.secondaries.end());
    if (std::adjacent_find(grant.secondaries.begin(), grant.secondaries.end()) !=
        grant.secondaries.end())
        throw InputError(where + ": \"secondaries\" repeats an operator");
    if (std::binary_search(grant.secondaries.begin(), grant.secondaries.end(), grant.primary))
        throw InputError(where + ": \"secondaries\" repeats the primary operator");
    return grant;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace detail

#if ODO_GATES_DEFINITIONS
// Parses a policy document; InputError naming `source` and the field on any malformed part.
inline SecondaryScopePolicy parse_secondary_scope_policy(std::string_view text,
                                                         std::string_view source) {
    const std::string where(source);
    const boost::json::value doc = json::parse(text, source);
    if (!doc.is_object())
        throw InputError(where + ": the policy must be a JSON object");
    for (const auto& kv : doc.get_object())
        if (kv.key() != "allow")
            throw InputError(where + ": \"" + std::string(kv.key()) + "\" is not a policy field");
    const boost::json::value* allow = doc.get_object().if_contains("allow");
    if (!allow || !allow->is_array())
        throw InputError(where + ": \"allow\" must be an array");
    SecondaryScopePolicy policy;
    for (std::size_t i = 0; i < allow->get_array().size(); ++i)
        policy.allow.push_back(detail::policy_grant(allow->get_array()[i],
                                                    where + ": allow[" + std::to_string(i) + "]"));
    return policy;
}

// The layout's policy file; an absent file denies every secondary declaration.
inline SecondaryScopePolicy load_secondary_scope_policy(const std::filesystem::path& repo_root,
                                                        const repo::Layout& layout) {
    const std::string& relative = layout.paths.secondary_scope_policy;
    if (relative.empty())
        return {};
    const auto text = repo::try_read_repo_file(repo_root, relative);
    if (!text)
        return {};
    return parse_secondary_scope_policy(*text, relative);
}
#endif // ODO_GATES_DEFINITIONS

// What the MR claims about its scope.
struct ScopeDeclaration {
    // The summary metadata's operator; the operator under review when the summary does not parse.
    std::string metadata_operator;
    std::vector<std::string> secondaries; // declared secondary operators, as written
    std::optional<std::string> mr_iid;    // --mr-iid
};

#if ODO_GATES_DEFINITIONS
inline Finding check_odo10_operator_scope(const ChangeRange& range, const repo::OperatorSet& ops,
                                          const repo::Layout& layout,
                                          const repo::OperatorPaths& primary,
                                          const ScopeDeclaration& declared,
                                          const SecondaryScopePolicy& policy,
                                          const std::string& guide) {
    constexpr std::string_view id = "ODO-10";
    if (auto unknown = detail::unknown_change(id, range, guide))
        return *unknown;
    const std::string& op = primary.op;
    const repo::OperatorSet actual = repo::changed_perf_operators(*range.changed, ops, layout);
    auto joined = [](const repo::OperatorSet& set) {
        return text::join(std::vector<std::string>(set.begin(), set.end()), ", ");
    };
    if (declared.secondaries.empty()) {
        const std::string evidence =
            "attributed operators=" + joined(actual.empty() ? repo::OperatorSet{op} : actual);
        if (std::any_of(actual.begin(), actual.end(), [&](const auto& o) { return o != op; }))
            return detail::evidence_finding(
                id, Status::Gap, "Optimization MR spans multiple operators", evidence, guide,
                "Split the work into one perf MR and one v1 summary per operator.");
        return detail::evidence_finding(
            id, Status::Pass, "Optimization MR is scoped to one operator", evidence, guide);
    }
    repo::OperatorSet expected{op};
    for (const std::string& s : declared.secondaries)
        expected.insert(text::lower(s));
    const bool reviewed =
        text::lower(declared.metadata_operator) == op &&
        policy.allows(declared.mr_iid, declared.metadata_operator, declared.secondaries);
    if (reviewed && actual == expected)
        return detail::evidence_finding(
            id, Status::Pass, "Optimization MR uses a code-reviewed secondary baseline scope",
            "MR !" + *declared.mr_iid + "; attributed operators=" + joined(actual), guide);
    std::vector<std::string> reasons;
    if (!reviewed)
        reasons.emplace_back("declaration is not allowlisted for this exact MR/primary pair");
    if (actual != expected)
        reasons.push_back("declared operators=" + joined(expected) + " but attributed operators=" +
                          (actual.empty() ? std::string("none") : joined(actual)));
    return detail::evidence_finding(
        id, Status::Gap, "Optimization MR secondary operator scope is not authorized",
        text::join(reasons, "; "), guide,
        "Use one operator, or obtain a code-reviewed policy entry for this exact MR, primary and "
        "secondary set (" +
            layout.paths.secondary_scope_policy + ") and make the changed configs match.");
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
