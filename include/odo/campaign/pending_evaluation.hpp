#pragma once
// A lead's evaluation that odo measured and the agent has not kept or reverted yet: it waits in
// the session folder (<git-dir>/odo/<op>/pending-evaluation.json), where status reads the keep or
// revert step from it, and the ref a reverted lead's work is kept at.
#include "odo/core/error.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace odo::campaign {

// An evaluation measured and not yet recorded.
struct PendingEvaluation {
    std::string lead;
    std::string outcome; // "win" | "strike"
    std::filesystem::path before, after;
    std::string language;
};

inline std::string pending_json(const PendingEvaluation& p) {
    const boost::json::object o{{"lead", p.lead},
                                {"outcome", p.outcome},
                                {"before", p.before.string()},
                                {"after", p.after.string()},
                                {"language", p.language}};
    return json::dumps(o, {2, false, false}) + "\n";
}

inline PendingEvaluation parse_pending(std::string_view bytes, const std::string& file) {
    const boost::json::value doc = json::parse(bytes, file);
    const auto* o = doc.if_object();
    const auto text = [&](const char* key) {
        const auto* v = o ? o->if_contains(key) : nullptr;
        if (!v || !v->is_string() || v->get_string().empty())
            throw InputError(file + ": `" + key + "` must be a non-empty string");
        return std::string(v->get_string());
    };
    PendingEvaluation p{text("lead"), text("outcome"), text("before"), text("after"),
                        text("language")};
    if (p.outcome != "win" && p.outcome != "strike")
        throw InputError(file + ": `outcome` must be win or strike");
    return p;
}

// Where a reverted lead's work is kept.
inline std::string attempt_ref(const std::string& op, const std::string& lead) {
    return "refs/odo/attempts/" + op + "/" + lead;
}

} // namespace odo::campaign
