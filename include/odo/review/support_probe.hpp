#pragma once
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/review/curated_data.hpp"
#include "odo/review/declared_layouts.hpp"
#include "odo/review/planar_policy.hpp"
#include "odo/review/submit_signatures.hpp"
#include "odo/review/support_info.hpp"

#include <filesystem>
#include <string_view>

namespace odo::review {

// The same, reading the operator's public header; a missing header declares nothing.
ODO_API SupportInfo probe_support(const std::filesystem::path& repo_root,
                                  const repo::OperatorPaths& paths, const CuratedData& curated);
#if ODO_REVIEW_DEFINITIONS
// The support facts of an operator (review-refactor.md §1.7 `support_info`) from its public C
// header text and the curated data.
inline SupportInfo compute_support_info(std::string_view header_text,
                                        std::string_view operator_name,
                                        const CuratedData& curated) {
    SupportInfo info;
    const ContainerSupport containers =
        container_support(parse_submit_signatures(header_text, operator_name));
    info.has_tensor = containers.has_tensor;
    info.has_vs = containers.has_vs;
    info.generic_varshape = containers.generic_varshape;
    info.input_layouts = declared_input_layouts(header_text);
    info.planar_declared = declares_planar(info.input_layouts);
    PlanarPolicy policy = parse_planar_policy(header_text);
    info.planar_not_applicable = policy.not_applicable;
    info.planar_reason = std::move(policy.reason);
    info.planar_policy_error = std::move(policy.error);
    info.planar = info.planar_declared && !info.planar_not_applicable;
    const std::string op = text::lower(operator_name);
    info.bench_layout_na = curated.bench_layout_na.count(op) > 0;
    info.bench_rgb_na = curated.bench_rgb_na.count(op) > 0;
    info.varshape_only = curated.varshape_only.count(op) > 0;
    return info;
}

ODO_API SupportInfo probe_support(const std::filesystem::path& repo_root,
                                  const repo::OperatorPaths& paths, const CuratedData& curated) {
    SupportInfo info =
        compute_support_info(repo::try_read_repo_file(repo_root, paths.header).value_or(""),
                             paths.operator_name, curated);
    info.header = paths.header;
    return info;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
