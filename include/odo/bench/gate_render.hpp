#pragma once
#include "odo/bench/options.hpp"
#include "odo/bench/result.hpp"
#include "odo/core/junit.hpp"
#include "odo/core/render.hpp"

#include <string>
#include <vector>

namespace odo::bench {

// The case each finding of gate_report is about: its checks run once per case, BENCH-TIME then
// BENCH-NOISE, so each case key names two findings.
inline std::vector<std::string> gate_items(const std::vector<CaseResult>& results) {
    std::vector<std::string> items;
    for (const CaseResult& r : results)
        items.insert(items.end(), 2, r.key.str());
    return items;
}

// The embedded gate's report in the format asked for. The JUnit suite is named for the
// benchmark (`odo.bench.<benchmark>`), each testcase for its check and case.
inline std::string render_gate(const Report& gate, const std::vector<CaseResult>& results,
                               GateFormat format) {
    switch (format) {
    case GateFormat::Markdown:
        return render_markdown(gate);
    case GateFormat::Json:
        return render_json(gate);
    case GateFormat::Junit:
        return render_junit({{"bench", gate, gate_items(results)}}, "odo bench gate");
    }
    return render_markdown(gate);
}

} // namespace odo::bench
