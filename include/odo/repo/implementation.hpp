#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/ownership.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/path_text.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// The evidence gate's narrower notion of "this operator's code" (review-refactor.md §4.4):
// files whose own names identify an operator, decided by the longest operator name prefix, so
// OpHQResizeKernel.cuh is HQResize's and OpResizeCropConvertReformat.cu is not Resize's.
// Shared legacy kernels count only where registered as an operator's shared kernel sources.

namespace detail {

#if ODO_REPO_DEFINITIONS
// The operators an ownership decision may choose among. The operator under review is always
// one of them, so a universe that lacks it cannot silently disown its files.
inline OperatorSet candidates_with(const OperatorSet& ops, std::string_view op) {
    OperatorSet all = ops;
    all.insert(std::string(op));
    return all;
}

inline bool longest_prefix_is(std::string_view key, std::string_view op, const OperatorSet& ops) {
    const auto owner = longest_prefix_operator(key, candidates_with(ops, op));
    return owner && *owner == op;
}

inline bool is_alnum_text(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) != 0; });
}
#endif // ODO_REPO_DEFINITIONS

} // namespace detail

// "Implementation changed" for the evidence gates and commit hygiene: the operator's binding
// source or one of its kernels.
ODO_API bool is_op_implementation(std::string_view path, const OperatorPaths& op,
                                  const OperatorSet& ops, const Layout& layout);
// Whether a file under the tests directory is an `op`-specific test: its flattened stem, less
// the first test-name prefix it starts with ("testop", else "test"), has `op` as its longest
// operator prefix. TestOpBoxBlur.cpp and test_opboxblur.py both belong to boxblur.
ODO_API bool is_op_test(std::string_view path, std::string_view op, const OperatorSet& ops,
                        const Layout& layout);
// The operators whose performance a change set targets (operator-scope gate): a known
// operator's bench config, its binding source, or a private kernel named for it by longest
// prefix. Everything else, including shared legacy kernels, is ignored, so work on a shared
// kernel does not look like a multi-operator campaign.
ODO_API OperatorSet changed_perf_operators(const std::vector<std::string>& paths,
                                           const OperatorSet& ops, const Layout& layout);
#if ODO_REPO_DEFINITIONS
// Whether a file is one of `op`'s kernels: a registered shared kernel source of `op`, or a
// file under the private directory whose name (without the kernel prefix, for files outside
// the legacy directory) has `op` as its longest operator prefix.
inline bool is_op_kernel(std::string_view path, std::string_view op, const OperatorSet& ops,
                         const Layout& layout) {
    const auto& paths = layout.paths;
    if (!is_under(path, paths.priv_dir))
        return false;
    const auto& shared = layout.attribution.shared_kernel_sources;
    if (auto it = shared.find(std::string(op));
        it != shared.end() &&
        std::find(it->second.begin(), it->second.end(), path) != it->second.end())
        return true;
    std::string_view stem = file_stem(path);
    const std::string& prefix = layout.attribution.kernel_prefix;
    if (!is_under(path, paths.legacy_dir) && text::starts_with(stem, prefix))
        stem.remove_prefix(prefix.size());
    return detail::longest_prefix_is(text::flat(stem), op, ops);
}

ODO_API bool is_op_implementation(std::string_view path, const OperatorPaths& op,
                                  const OperatorSet& ops, const Layout& layout) {
    return path == op.pybind || is_op_kernel(path, op.op, ops, layout);
}

ODO_API OperatorSet changed_perf_operators(const std::vector<std::string>& paths,
                                           const OperatorSet& ops, const Layout& layout) {
    OperatorSet touched;
    const std::string config_template = bench_config_template(layout);
    const std::string& prefix = layout.attribution.kernel_prefix;
    for (const auto& path : paths) {
        const std::string_view in_priv = relative_to(path, layout.paths.priv_dir);
        if (auto stem = match_template(config_template, path)) {
            const std::string key(*stem);
            if (detail::is_alnum_text(key) && text::lower(key) == key && ops.count(key))
                touched.insert(key);
        } else if (auto name = match_template(layout.paths.binding, path)) {
            const std::string key = text::lower(*name);
            if (detail::is_alnum_text(key) && ops.count(key))
                touched.insert(key);
        } else if (!in_priv.empty() && in_priv.find('/') == std::string_view::npos &&
                   text::starts_with(in_priv, prefix)) {
            const std::string key = text::flat(file_stem(in_priv).substr(prefix.size()));
            if (auto owner = longest_prefix_operator(key, ops))
                touched.insert(*owner);
        }
    }
    return touched;
}

ODO_API bool is_op_test(std::string_view path, std::string_view op, const OperatorSet& ops,
                        const Layout& layout) {
    if (!is_under(path, layout.paths.tests_dir))
        return false;
    std::string key = text::flat(file_stem(path));
    for (const auto& prefix : layout.attribution.test_name_prefixes) {
        if (text::starts_with(key, prefix)) {
            key.erase(0, prefix.size());
            break;
        }
    }
    return detail::longest_prefix_is(key, op, ops);
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
