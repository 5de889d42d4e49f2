#pragma once
#include "odo/core/report.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace odo::gates {

// A check is a function from a context to a Finding.
template <class Context>
using Check = std::function<Finding(const Context&)>;

// A gate is an ordered list of checks over one context type. The driver's phases are standard
// compositions; an op repository can run a subset, or append a check of its own, and gets the
// same Report, renderers and exit policy.
template <class Context>
class Gate {
public:
    Gate(Phase phase, std::vector<Check<Context>> checks)
        : phase_(phase), checks_(std::move(checks)) {}

    Gate& add(Check<Context> check) {
        checks_.push_back(std::move(check));
        return *this;
    }

    Report run(const Context& context, std::string operator_name, std::string op) const {
        Report report{std::move(operator_name), std::move(op), phase_, {}};
        report.findings.reserve(checks_.size());
        for (const Check<Context>& check : checks_) {
            report.findings.push_back(check(context));
            report.findings.back().phase = phase_;
        }
        return report;
    }

private:
    Phase phase_;
    std::vector<Check<Context>> checks_;
};

} // namespace odo::gates
