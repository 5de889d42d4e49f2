#pragma once
// Command-line options of refactor_op (review-refactor.md §2.2, plus --repo, --layout and
// --pixel-evidence).
#include "option_checks.hpp"
#include "repository_options.hpp"

#include <odo/core/text.hpp>
#include <odo/version.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace odo::refactor_driver {

using driver::UsageError;

struct Options : driver::RepositoryOptions {
    std::string operator_name;
    std::string phase = "assess";
    bool phase_given = false;
    std::vector<std::string> domains{"impl", "api", "xcut"};
    std::string base = "main";
    std::optional<std::size_t> min_block_lines;
    std::string format = "md";
    std::optional<std::string> pixel_evidence;
    bool all_operators = false;
    std::optional<std::string> variants;
    std::vector<std::string> simulate_hoist;
    // prove, cost (and verify's device-code proof)
    std::string stage = "sass";
    std::vector<std::string> arches;
    std::vector<std::string> files;
    std::optional<std::string> build_dir;
    std::vector<std::string> reverts;
    bool accept_signature_change = false;
    bool base_given = false;
    std::int64_t repeat = 1;
    std::string isolation = "auto";
};

inline boost::program_options::options_description
option_descriptions(Options& o, std::string& domain, std::int64_t& floor, std::string& hoist) {
    namespace po = boost::program_options;
    po::options_description d("Options");
    d.add_options()("phase", po::value(&o.phase)->value_name("PHASE"),
                    "assess (default), verify, prove or cost")(
        "domain", po::value(&domain)->value_name("LIST"),
        "impl, api, xcut or all, comma-separated (assess; default all)")(
        "base", po::value(&o.base)->value_name("REF"),
        "verify, prove, cost: the revision before the refactor (default main)")(
        "min-block-lines", po::value(&floor)->value_name("N"),
        "smallest body compared, in lines (default: the guideline's, 6)")(
        "pixel-evidence", po::value<std::string>()->value_name("FILE"),
        "verify: the operator's test run output, with its pixel evidence lines (VER-6)")(
        "all-operators", po::bool_switch(&o.all_operators),
        "assess every operator; open findings per operator")(
        "variants", po::value<std::string>()->value_name("NAME"),
        "every body named NAME across the private sources, clustered into variants")(
        "simulate-hoist", po::value(&hoist)->value_name("A,B"),
        "RED-2 per operator before and after hoisting the named bodies")(
        "stage", po::value(&o.stage)->value_name("STAGE"),
        "prove: sass (default; machine code from the cubin) or ptx")(
        "arch", po::value(&o.arches)->value_name("sm_NN"),
        "prove: an arch to compile, repeatable (default: the recorded command's, else sm_80 "
        "and sm_90)")("file", po::value(&o.files)->value_name("PATH"),
                      "prove: a TU to compile, repeatable (default: the operator's CUDA sources)")(
        "build-dir", po::value<std::string>()->value_name("DIR"),
        "prove, cost, verify: the build whose compile_commands.json gives the flags")(
        "revert", po::value(&o.reverts)->value_name("PATH"),
        "prove: take PATH from the base while the rest of the change stands (a control)")(
        "accept-signature-change", po::bool_switch(&o.accept_signature_change),
        "prove: record that a person judged a signature-only change harmless")(
        "isolation", po::value(&o.isolation)->value_name("MODE"),
        "prove, cost, verify: how the compilers run on the repository's content: auto "
        "(bubblewrap where it works, default), bubblewrap (refuse without it) or environment "
        "(a scrubbed environment alone)")(
        "repeat", po::value(&o.repeat)->value_name("N"),
        "cost: compiles per TU and side, best CPU time kept (default 1)")(
        "format", po::value(&o.format)->value_name("FORMAT"), "md (default) or json");
    driver::add_repository_options(d, o);
    return d;
}

inline void print_help(std::ostream& os) {
    Options scratch;
    std::string domain, hoist;
    std::int64_t floor = 0;
    os << "usage: refactor_op <Operator> [--phase assess|verify|prove|cost] [options]\n"
          "       refactor_op --all-operators | --variants NAME | --simulate-hoist A,B "
          "[options]\n\n"
          "Assesses an operator's sources for redundancy (advisory) or verifies that an applied\n"
          "refactor changed nothing observable; proves a change left the device code as it was\n"
          "(prove) or measures what each TU costs to compile (cost).\n"
          "Exit codes: 0 no GAP (assess never has one), MATCH; 1 verify found a GAP,\n"
          "DEVICE-CODE-CHANGED or PROOF-FAILED; 2 usage or input error; 3 NEEDS-JUDGEMENT.\n\n"
       << option_descriptions(scratch, domain, floor, hoist);
}

namespace detail {

inline std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        const std::string item(
            odo::text::strip(std::string_view(text).substr(start, comma - start)));
        if (!item.empty())
            out.push_back(item);
        start = comma + 1;
    }
    return out;
}

// Every name must be a domain: a mistyped one is an error, not silently dropped.
inline std::vector<std::string> domains_of(const std::string& text) {
    std::vector<std::string> out;
    for (const std::string& name : comma_list(text)) {
        if (name == "all") {
            for (const char* d : {"impl", "api", "xcut"})
                if (std::find(out.begin(), out.end(), d) == out.end())
                    out.emplace_back(d);
        } else if (name == "impl" || name == "api" || name == "xcut") {
            if (std::find(out.begin(), out.end(), name) == out.end())
                out.push_back(name);
        } else {
            throw UsageError("argument --domain: invalid choice '" + name +
                             "' (choose from impl, api, xcut, all)");
        }
    }
    if (out.empty())
        throw UsageError("argument --domain: no domain given");
    return out;
}

// The options of the device-code proof and the cost phase, each refused where it is not read.
inline void check_proof_options(const boost::program_options::variables_map& vm, Options& o) {
    const bool proves = o.phase == "prove";
    if (o.stage != "sass" && o.stage != "ptx")
        throw UsageError("argument --stage: invalid choice '" + o.stage +
                         "' (choose from sass, ptx)");
    for (const char* option : {"stage", "arch", "file", "revert"})
        if (vm.count(option) && !proves)
            throw UsageError(std::string("--") + option + " is read by --phase prove only");
    if (o.accept_signature_change && !proves)
        throw UsageError("--accept-signature-change is read by --phase prove only");
    for (const std::string& arch : o.arches)
        if (arch.size() < 5 || arch.size() > 8 || arch.compare(0, 3, "sm_") != 0 ||
            !std::all_of(arch.begin() + 3, arch.end(),
                         [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
            throw UsageError("argument --arch: '" + arch + "' is not an arch such as sm_80");
    if (vm.count("repeat")) {
        if (o.phase != "cost")
            throw UsageError("--repeat is read by --phase cost only");
        driver::require_range("--repeat", o.repeat, 1, 100);
    }
    if (o.build_dir && o.phase == "assess")
        throw UsageError("--build-dir is read by --phase prove, cost and verify");
    if (o.isolation != "auto" && o.isolation != "bubblewrap" && o.isolation != "environment")
        throw UsageError("argument --isolation: invalid choice '" + o.isolation +
                         "' (choose from auto, bubblewrap, environment)");
    if (vm.count("isolation") && o.phase == "assess")
        throw UsageError("--isolation is read by --phase prove, cost and verify");
    if (o.phase == "cost" && !o.build_dir)
        throw UsageError("--phase cost needs --build-dir (the build whose commands it replays)");
}

} // namespace detail

inline Options parse_options(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    Options o;
    std::string domain, hoist;
    std::int64_t floor = 0;
    po::options_description all = option_descriptions(o, domain, floor, hoist);
    all.add_options()("operator", po::value(&o.operator_name));
    po::positional_options_description positional;
    positional.add("operator", 1);
    po::variables_map vm;
    driver::store_command_line(args, all, positional, vm);
    driver::notify_options(vm);
    if (o.help || o.version)
        return o;
    driver::take_repository_options(vm, o);
    driver::take_string(vm, "pixel-evidence", o.pixel_evidence);
    driver::take_string(vm, "variants", o.variants);
    driver::take_string(vm, "build-dir", o.build_dir);
    o.phase_given = vm.count("phase") > 0;
    o.base_given = vm.count("base") > 0;
    driver::require_revision("--base", o.base);
    if (o.phase != "assess" && o.phase != "verify" && o.phase != "prove" && o.phase != "cost")
        throw UsageError("argument --phase: invalid choice '" + o.phase +
                         "' (choose from assess, verify, prove, cost)");
    detail::check_proof_options(vm, o);
    if (o.format != "md" && o.format != "json")
        throw UsageError("argument --format: invalid choice '" + o.format +
                         "' (choose from md, json)");
    if (vm.count("domain"))
        o.domains = detail::domains_of(domain);
    if (vm.count("min-block-lines")) {
        driver::require_range("--min-block-lines", floor, 1, 100000);
        o.min_block_lines = static_cast<std::size_t>(floor);
    }
    if (vm.count("simulate-hoist")) {
        o.simulate_hoist = detail::comma_list(hoist);
        if (o.simulate_hoist.empty())
            throw UsageError("argument --simulate-hoist: no block name given");
    }
    if (o.variants && o.variants->empty())
        throw UsageError("argument --variants: no block name given");
    const int modes =
        int(o.all_operators) + int(o.variants.has_value()) + int(!o.simulate_hoist.empty());
    if (modes > 1)
        throw UsageError("--all-operators, --variants and --simulate-hoist exclude each other");
    if (modes == 1) {
        if (!o.operator_name.empty())
            throw UsageError("a whole-corpus mode takes no operator argument");
        if (o.phase != "assess")
            throw UsageError("a whole-corpus mode runs assess only (--phase verify is refused)");
    } else if (o.operator_name.empty()) {
        throw UsageError("the following arguments are required: operator");
    }
    if (o.pixel_evidence && o.phase != "verify")
        throw UsageError("--pixel-evidence is read by --phase verify only");
    return o;
}

} // namespace odo::refactor_driver
