#pragma once
// What the CLI tests share: running the tools in a throw-away repository and editing its files.
// One definition each: the CLI test files are compiled as one unit (CMake's unity build).
#include "temp_repo.hpp"
#include "text_helpers.hpp"

#include <boost/json.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace odo::testing {

// optimize_op with `args`, run in `repo` with PATH limited to the system's programs.
#ifdef ODO_CAMPAIGN
// odo_campaign Invert <args> in `repo`.
inline ProcessResult campaign_run(const TempRepo& repo, std::vector<std::string> args) {
    args.insert(args.begin(), "Invert");
    return run_in(repo.root(), ODO_CAMPAIGN, args);
}

// Runs a verb that must succeed; its stdout.
inline std::string campaign_ok(const TempRepo& repo, std::vector<std::string> args) {
    const ProcessResult r = campaign_run(repo, std::move(args));
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
}
#endif

inline ProcessResult optimize_op(const TempRepo& repo, std::vector<std::string> args) {
    args.insert(args.begin(), {"PATH=/usr/bin:/bin", ODO_OPTIMIZE_OP});
    return run_in(repo.root(), "/usr/bin/env", args);
}

// The field `name` of the finding `id` of a JSON report, or `absent` when no finding has that id.
inline std::string finding_field(const boost::json::value& report, const std::string& id,
                                 const char* name, const std::string& absent) {
    for (const auto& f : report.at("findings").as_array())
        if (f.at("id").as_string() == id)
            return std::string(f.at(name).as_string());
    return absent;
}

// odo_baseline with `args`, run in `repo`.
inline ProcessResult odo_baseline(const TempRepo& repo, std::vector<std::string> args) {
    return run_in(repo.root(), ODO_BASELINE_TOOL, args);
}

// Replaces the first `from` in the repository file `path` with `to`; the test fails where
// `from` is absent, so a fixture edit cannot silently do nothing.
inline void replace_in(const TempRepo& repo, const std::string& path, const std::string& from,
                       const std::string& to) {
    std::string content = repo.read(path);
    const auto at = content.find(from);
    const std::string missing = path + " holds no " + from;
    REQUIRE_MESSAGE(at != std::string::npos, missing);
    repo.write(path, content.replace(at, from.size(), to));
}

} // namespace odo::testing
