#pragma once
// The names of device symbols as both sides of a device-code proof can agree on them. nvcc names
// an anonymous namespace after the file it compiled
// (`44_GLOBAL__N__fa63dfd0_11_OpInvert_cu_5f80b65d`) so the same kernel compiled from another path
// or revision would read as removed and added; the canonical name uses the one token
// `12_GLOBAL__N_1`, which still demangles as
// "(anonymous namespace)".
#include "odo/core/linkage.hpp"

#include <cstddef>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <string>
#include <string_view>

namespace odo::devcode {

ODO_API std::string canonical_symbol_name(std::string_view mangled);
// "ns::(anonymous namespace)::invert<float>": the demangled name without return type and
// parameter list; `canonical_name` itself where it is not a mangled C++ name.
ODO_API std::string symbol_base_name(const std::string& canonical_name);

#if ODO_DEVCODE_DEFINITIONS
namespace detail {

inline constexpr std::string_view anonymous_namespace_tag = "_GLOBAL__N_";
inline constexpr std::string_view canonical_anonymous_namespace = "12_GLOBAL__N_1";
// Longer names are not demangled: the demangler recurses with the nesting of the name.
inline constexpr std::size_t max_demangled_name = 4096;

// The length prefix of the source name that starts at `tag`: the fewest trailing digits before it
// that cover at least the tag itself and stay inside `name` (a preceding name may end in digits).
inline std::size_t anonymous_component_length(std::string_view name, std::size_t tag,
                                              std::size_t& digits) {
    std::size_t value = 0, scale = 1;
    for (digits = 1; digits <= tag && digits <= 6; ++digits, scale *= 10) {
        const char c = name[tag - digits];
        if (c < '0' || c > '9')
            break;
        value += static_cast<std::size_t>(c - '0') * scale;
        if (value >= anonymous_namespace_tag.size() && tag + value <= name.size())
            return value;
    }
    return 0;
}

// With separate compilation (-rdc), nvcc also prefixes a symbol of internal linkage with the
// file it came from: "__nv_static_23__2b6942f0_4_g_cu_coeffs__ZN…", the number counting the
// characters after the "__" that name the file. The length of that prefix; 0 where there is none.
inline constexpr std::string_view static_prefix = "__nv_static_";
inline constexpr std::string_view canonical_static_prefix = "__nv_static__";

inline std::size_t separate_compilation_prefix(std::string_view name) {
    if (name.compare(0, static_prefix.size(), static_prefix) != 0)
        return 0;
    std::size_t at = static_prefix.size(), length = 0;
    for (; at < name.size() && at < static_prefix.size() + 6 && name[at] >= '0' && name[at] <= '9';
         ++at)
        length = length * 10 + static_cast<std::size_t>(name[at] - '0');
    if (at == static_prefix.size() || name.compare(at, 2, "__") != 0 ||
        name.size() - at - 2 < length)
        return 0;
    return at + 2 + length;
}

// The demangled text without its parameter list and return type.
inline std::string strip_signature(std::string_view text) {
    if (!text.empty() && text.back() == ')') {
        int depth = 0;
        for (std::size_t i = text.size(); i-- > 0;) {
            depth += text[i] == ')' ? 1 : text[i] == '(' ? -1 : 0;
            if (depth == 0) {
                text = text.substr(0, i);
                break;
            }
        }
    }
    int depth = 0;
    for (std::size_t i = text.size(); i-- > 0;) {
        const char c = text[i];
        depth += (c == ')' || c == '>' || c == '}')   ? 1
                 : (c == '(' || c == '<' || c == '{') ? -1
                                                      : 0;
        if (depth == 0 && c == ' ')
            return std::string(text.substr(i + 1));
    }
    return std::string(text);
}

} // namespace detail

ODO_API std::string canonical_symbol_name(std::string_view mangled) {
    const std::size_t file_prefix = detail::separate_compilation_prefix(mangled);
    if (file_prefix > 0)
        return std::string(detail::canonical_static_prefix) +
               canonical_symbol_name(mangled.substr(file_prefix));
    std::string out;
    std::size_t copied = 0;
    for (std::size_t tag = mangled.find(detail::anonymous_namespace_tag);
         tag != std::string_view::npos;
         tag = mangled.find(detail::anonymous_namespace_tag, tag + 1)) {
        std::size_t digits = 0;
        const std::size_t length = detail::anonymous_component_length(mangled, tag, digits);
        if (length == 0 || tag - digits < copied)
            continue;
        out.append(mangled.substr(copied, tag - digits - copied));
        out.append(detail::canonical_anonymous_namespace);
        copied = tag + length;
        tag = copied - 1;
    }
    out.append(mangled.substr(copied));
    return out;
}

ODO_API std::string symbol_base_name(const std::string& canonical_name) {
    if (canonical_name.size() > detail::canonical_static_prefix.size() &&
        canonical_name.compare(0, detail::canonical_static_prefix.size(),
                               detail::canonical_static_prefix) == 0)
        return symbol_base_name(canonical_name.substr(detail::canonical_static_prefix.size()));
    if (canonical_name.compare(0, 2, "_Z") != 0 ||
        canonical_name.size() > detail::max_demangled_name)
        return canonical_name;
    int status = 0;
    const std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(canonical_name.c_str(), nullptr, nullptr, &status), std::free);
    if (status != 0 || !demangled)
        return canonical_name;
    // "(anonymous namespace)" alone reads as a parameter list with nothing before it.
    std::string base = detail::strip_signature(demangled.get());
    return base.empty() ? std::string(demangled.get()) : base;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
