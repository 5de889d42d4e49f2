#pragma once
#include "odo/core/linkage.hpp"
#include "odo/core/text.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::review {

// The C entry points a public header declares (review-refactor.md §1.6.1), in CV-CUDA's
// dialect: `CVCUDA_PUBLIC NVCVStatus cvcuda<Op>[VarShape|ImageBatch|TensorBatch]Submit(...);`,
// matched case-insensitively (HQResize declares cvcudaHqResizeSubmit).

// The first container handle among the parameters.
enum class Container { None, Tensor, TensorBatch, ImageBatch };

enum class SubmitKind { Tensor, VarShape, Unclassified };

struct SubmitSignature {
    std::string name; // as spelled in the header
    Container container = Container::None;
    SubmitKind kind = SubmitKind::Unclassified;
    // The plain cvcuda<Op>Submit takes an image batch (legacy APIs such as PadAndStack).
    bool generic_varshape = false;
};

namespace detail {

#if ODO_REVIEW_DEFINITIONS
inline bool is_regex_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

inline std::size_t skip_spaces(std::string_view s, std::size_t i) noexcept {
    while (i < s.size() && is_regex_space(s[i]))
        ++i;
    return i;
}

// The end of `word` when `lower` continues with it at `i`, else npos.
inline std::size_t after_word(std::string_view lower, std::size_t i, std::string_view word) {
    return lower.substr(i, word.size()) == word ? i + word.size() : std::string_view::npos;
}

// The parameter text runs to the first ')' followed by optional space and ';'. Returns the
// position of that ')' or npos.
inline std::size_t parameter_end(std::string_view s, std::size_t from) noexcept {
    for (auto close = s.find(')', from); close != std::string_view::npos;
         close = s.find(')', close + 1)) {
        const auto next = skip_spaces(s, close + 1);
        if (next < s.size() && s[next] == ';')
            return close;
    }
    return std::string_view::npos;
}

inline Container primary_container(std::string_view params) {
    struct Handle {
        std::string_view token;
        Container container;
    };
    constexpr Handle handles[] = {{"NVCVImageBatchHandle", Container::ImageBatch},
                                  {"NVCVTensorBatchHandle", Container::TensorBatch},
                                  {"NVCVTensorHandle", Container::Tensor}};
    Container first = Container::None;
    std::size_t first_at = std::string_view::npos;
    for (const auto& h : handles) {
        const auto at = params.find(h.token);
        if (at < first_at) {
            first_at = at;
            first = h.container;
        }
    }
    return first;
}

inline SubmitSignature classify(std::string name, std::string_view params,
                                std::string_view operator_name) {
    SubmitSignature sig;
    sig.container = primary_container(params);
    const std::string lower = text::lower(name);
    if (text::ends_with(lower, "varshapesubmit") || text::ends_with(lower, "imagebatchsubmit") ||
        sig.container == Container::ImageBatch) {
        sig.kind = SubmitKind::VarShape;
        sig.generic_varshape = lower == "cvcuda" + text::lower(operator_name) + "submit";
    } else if (sig.container == Container::Tensor || sig.container == Container::TensorBatch) {
        sig.kind = SubmitKind::Tensor;
    }
    sig.name = std::move(name);
    return sig;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

namespace detail {

struct SubmitMatch {
    SubmitSignature signature;
    std::size_t end; // the ';' closing the declaration
};

#if ODO_REVIEW_DEFINITIONS
// The declaration whose CVCUDA_PUBLIC starts at `at`, if the grammar matches there.
inline std::optional<SubmitMatch> match_submit(std::string_view header, std::string_view lower,
                                               std::size_t at, std::string_view operator_name) {
    constexpr auto npos = std::string_view::npos;
    std::size_t i = at + std::string_view("cvcuda_public").size();
    const std::size_t status = skip_spaces(lower, i);
    if (status == i || (i = after_word(lower, status, "nvcvstatus")) == npos)
        return std::nullopt;
    const std::size_t name_begin = skip_spaces(lower, i);
    const std::string function = "cvcuda" + text::lower(operator_name);
    if (name_begin == i || (i = after_word(lower, name_begin, function)) == npos)
        return std::nullopt;
    std::size_t name_end = npos;
    for (std::string_view infix : {"varshape", "imagebatch", "tensorbatch", ""}) {
        if (const auto infix_end = after_word(lower, i, infix); infix_end != npos)
            name_end = after_word(lower, infix_end, "submit");
        if (name_end != npos)
            break;
    }
    if (name_end == npos)
        return std::nullopt;
    const std::size_t open = skip_spaces(lower, name_end);
    if (open >= lower.size() || lower[open] != '(')
        return std::nullopt;
    const std::size_t close = parameter_end(header, open + 1);
    if (close == npos)
        return std::nullopt;
    return SubmitMatch{classify(std::string(header.substr(name_begin, name_end - name_begin)),
                                header.substr(open + 1, close - open - 1), operator_name),
                       skip_spaces(header, close + 1)};
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace detail

#if ODO_REVIEW_DEFINITIONS
// Every Submit declaration of `operator_name` in a public C header, in order.
inline std::vector<SubmitSignature> parse_submit_signatures(std::string_view header,
                                                            std::string_view operator_name) {
    const std::string lower = text::lower(header);
    std::vector<SubmitSignature> out;
    for (std::size_t at = lower.find("cvcuda_public"); at != std::string_view::npos;
         at = lower.find("cvcuda_public", at + 1)) {
        if (auto match = detail::match_submit(header, lower, at, operator_name)) {
            out.push_back(std::move(match->signature));
            at = match->end;
        }
    }
    return out;
}
#endif // ODO_REVIEW_DEFINITIONS

// The containers the public C API supports.
struct ContainerSupport {
    bool has_tensor = false;
    bool has_vs = false;
    bool generic_varshape = false;
};

#if ODO_REVIEW_DEFINITIONS
inline ContainerSupport container_support(const std::vector<SubmitSignature>& signatures) {
    ContainerSupport support;
    for (const auto& sig : signatures) {
        support.has_tensor = support.has_tensor || sig.kind == SubmitKind::Tensor;
        support.has_vs = support.has_vs || sig.kind == SubmitKind::VarShape;
        support.generic_varshape = support.generic_varshape || sig.generic_varshape;
    }
    return support;
}
#endif // ODO_REVIEW_DEFINITIONS

} // namespace odo::review
