#pragma once
// The device-code proof's report (refactor_op --phase prove): markdown for people, JSON (sorted
// keys, indent 2, ASCII-escaped) for tools. Both say what the proof covers and what it does not.
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/devcode/device_proof.hpp"

#include <boost/json.hpp>

#include <string>

namespace odo::devcode {

ODO_API std::string render_proof_markdown(const std::string& operator_name, const Proof& p);
ODO_API std::string render_proof_json(const std::string& operator_name, const Proof& p);

namespace detail {

#if ODO_DEVCODE_DEFINITIONS
inline std::string proves_text(const Proof& p) {
    return "the device code (" + std::string(to_string(p.stage)) + ") of " +
           (p.files.empty() ? std::string("no TU") : text::join(p.files, ", ")) + " for " +
           text::join(p.arches, ", ") + ", compiled with the same flags on both sides";
}

inline std::string not_proven_text() {
    return "host code; arches and TUs not compiled; the frozen tests (the proof runs none); "
           "numerical behaviour of code that reads the GPU's state";
}

inline std::string verdict_reason(const Proof& p) {
    switch (p.verdict) {
    case ProofVerdict::match:
        return p.results.empty() || std::all_of(p.results.begin(), p.results.end(),
                                                [](const TuProof& r) { return r.symbols == 0; })
                   ? "no TU compiled has device code"
                   : "every kernel, device function and module datum is identical";
    case ProofVerdict::changed:
        return "device code differs";
    case ProofVerdict::failed:
        return "a compile failed";
    case ProofVerdict::needs_judgement:
        break;
    }
    return std::string("only a signature or the instruction schedule differs: a person names the "
                       "cause") +
           (p.signature_change_accepted
                ? "; the author accepts it (--accept-signature-change), a judgement recorded, "
                  "not proven"
                : "");
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::string render_proof_markdown(const std::string& operator_name, const Proof& p) {
    std::string out = "# refactor-op: " + operator_name + "  phase=prove\n\n**" +
                      std::string(to_string(p.verdict)) + "** \xE2\x80\x94 " +
                      detail::verdict_reason(p) + "\n\n- base: " + p.base_commit +
                      "\n- now: " + p.now + "\n- stage: " + std::string(to_string(p.stage)) +
                      "; arches: " + text::join(p.arches, ", ") +
                      "\n- TUs: " + (p.files.empty() ? "none" : text::join(p.files, ", ")) +
                      "\n- flags: " + p.flags_origin + "; compiler: " + p.compiler +
                      "\n- isolation: " + p.isolation + "\n- side trees: " + p.side_trees +
                      "\n- host code: " + host_code_text(p) +
                      "\n- proof fingerprint: " + p.fingerprint + " (BLAKE2b over the " +
                      std::to_string(p.fingerprinted_files) +
                      " repository files compiled, both sides)\n";
    if (!p.left_out.empty())
        out += "- left out of the side trees (over " + std::to_string(max_side_file_bytes >> 20) +
               " MiB; a compile that reads one fails): " + text::join(p.left_out, ", ") + "\n";
    if (!p.reverted.empty())
        out += "- control: taken from the base while the rest of the change stands: " +
               text::join(p.reverted, ", ") + "\n";
    std::string table;
    for (const TuProof& r : p.results) {
        if (!r.failure.empty())
            out += "\n## " + r.file + " (" + r.arch + "): compile failed\n```\n" + r.failure +
                   "\n```\n";
        for (const SymbolDelta& d : r.deltas)
            table += "| " + r.file + " | " + r.arch + " | `" +
                     (d.base_name.empty() ? d.name : d.base_name) + "` | " +
                     std::string(to_string(d.delta)) + " | " + std::to_string(d.changed_lines) +
                     " | " + (d.instruction_delta >= 0 ? "+" : "") +
                     std::to_string(d.instruction_delta) + " | " + d.detail + " |\n";
    }
    if (!table.empty())
        out += "\n## device code that differs\n| TU | arch | symbol | class | changed lines | "
               "instructions | detail |\n|---|---|---|---|---|---|---|\n" +
               table;
    out += "\n## what this proves\n" + detail::proves_text(p) +
           (p.verdict == ProofVerdict::match ? ": identical.\n" : ": see above.\n") +
           "\n## what it does not prove\n" + detail::not_proven_text() + ".";
    return out;
}

ODO_API std::string render_proof_json(const std::string& operator_name, const Proof& p) {
    boost::json::array symbols, failures, compiled;
    for (const TuProof& r : p.results) {
        compiled.push_back(
            boost::json::object{{"arch", r.arch}, {"file", r.file}, {"symbols", r.symbols}});
        if (!r.failure.empty())
            failures.push_back(
                boost::json::object{{"arch", r.arch}, {"file", r.file}, {"output", r.failure}});
        for (const SymbolDelta& d : r.deltas)
            symbols.push_back(boost::json::object{{"arch", r.arch},
                                                  {"base_name", d.base_name},
                                                  {"changed_lines", d.changed_lines},
                                                  {"class", std::string(to_string(d.delta))},
                                                  {"detail", d.detail},
                                                  {"file", r.file},
                                                  {"instruction_delta", d.instruction_delta},
                                                  {"kind", std::string(to_string(d.kind))},
                                                  {"name", d.name}});
    }
    auto list = [](const std::vector<std::string>& items) {
        boost::json::array a;
        for (const auto& s : items)
            a.emplace_back(s);
        return a;
    };
    const boost::json::object doc{{"arches", list(p.arches)},
                                  {"base_commit", p.base_commit},
                                  {"compiled", std::move(compiled)},
                                  {"compiler", p.compiler},
                                  {"does_not_prove", detail::not_proven_text()},
                                  {"exit_code", exit_code(p)},
                                  {"failures", std::move(failures)},
                                  {"files", list(p.files)},
                                  {"fingerprint", p.fingerprint},
                                  {"fingerprinted_files", p.fingerprinted_files},
                                  {"flags", p.flags_origin},
                                  {"host_code", host_code_text(p)},
                                  {"host_code_changed", list(p.changed_sources)},
                                  {"isolation", p.isolation},
                                  {"left_out", list(p.left_out)},
                                  {"side_trees", p.side_trees},
                                  {"now", p.now},
                                  {"operator", operator_name},
                                  {"phase", "prove"},
                                  {"proves", detail::proves_text(p)},
                                  {"reason", detail::verdict_reason(p)},
                                  {"reverted", list(p.reverted)},
                                  {"signature_change_accepted", p.signature_change_accepted},
                                  {"stage", std::string(to_string(p.stage))},
                                  {"symbols", std::move(symbols)},
                                  {"verdict", std::string(to_string(p.verdict))}};
    return json::dumps(doc, {2, true, true});
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
