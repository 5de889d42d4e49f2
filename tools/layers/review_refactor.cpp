// The definitions of the devcode, review and refactor layers,
// compiled once for every driver that links odo_tool_layers (odo/core/linkage.hpp).
#define ODO_IMPLEMENT_DEVCODE
#define ODO_IMPLEMENT_REVIEW
#define ODO_IMPLEMENT_REFACTOR

#include <odo/devcode/compile_command.hpp>
#include <odo/devcode/compile_cost.hpp>
#include <odo/devcode/compile_options.hpp>
#include <odo/devcode/compiler_sandbox.hpp>
#include <odo/devcode/cubin_module.hpp>
#include <odo/devcode/device_code.hpp>
#include <odo/devcode/device_code_diff.hpp>
#include <odo/devcode/device_proof.hpp>
#include <odo/devcode/device_symbol_name.hpp>
#include <odo/devcode/elf64_reader.hpp>
#include <odo/devcode/proof_render.hpp>
#include <odo/devcode/ptx_module.hpp>
#include <odo/devcode/side_tree.hpp>

#include <odo/review/bench_checks.hpp>
#include <odo/review/binding_snapshot.hpp>
#include <odo/review/curated_data.hpp>
#include <odo/review/declared_layouts.hpp>
#include <odo/review/header_diff.hpp>
#include <odo/review/planar_policy.hpp>
#include <odo/review/source_text.hpp>
#include <odo/review/submit_signatures.hpp>
#include <odo/review/support_info.hpp>
#include <odo/review/support_probe.hpp>
#include <odo/review/test_checks.hpp>

#include <odo/refactor/assess.hpp>
#include <odo/refactor/assess_phase.hpp>
#include <odo/refactor/blocks.hpp>
#include <odo/refactor/checklist_evidence.hpp>
#include <odo/refactor/code_shapes.hpp>
#include <odo/refactor/code_text.hpp>
#include <odo/refactor/corpus_modes.hpp>
#include <odo/refactor/corpus_render.hpp>
#include <odo/refactor/coverage_signature.hpp>
#include <odo/refactor/feature_matrix.hpp>
#include <odo/refactor/finding.hpp>
#include <odo/refactor/gate_line.hpp>
#include <odo/refactor/pixel_evidence.hpp>
#include <odo/refactor/profile.hpp>
#include <odo/refactor/render.hpp>
#include <odo/refactor/settings.hpp>
#include <odo/refactor/shingle_index.hpp>
#include <odo/refactor/tunables.hpp>
#include <odo/refactor/unnamed_namespace.hpp>
#include <odo/refactor/verify.hpp>
