// A tiny op-repository executable: builds a report with odo and checks its exit policy.
#include <odo/core/render.hpp>

#include <iostream>

int main() {
    odo::Report report{"Resize", "resize", odo::Phase::Preflight, {}};
    report.findings.push_back({"PRE-1", odo::Phase::Preflight, odo::Status::Pass, "ok", "", "", ""});
    std::cout << odo::render_markdown(report) << "\n";
    return odo::exit_code(report);
}
