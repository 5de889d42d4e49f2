#pragma once
// Scope categories "<Container> <Layout> <Type>" of optimized cases (summary.md §4.1), e.g.
// "Tensor Interleaved RGB8" or "VarShape Planar NV12→RGBA8".
#include "odo/core/linkage.hpp"
#include "odo/summary/error.hpp"
#include "odo/summary/layout_kind.hpp"
#include "odo/summary/python_text.hpp"
#include "odo/surface/case_key.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::summary {

inline constexpr std::string_view type_arrow = "\xE2\x86\x92"; // U+2192 RIGHTWARDS ARROW

namespace detail {

#if ODO_SUMMARY_DEFINITIONS
inline std::string ascii_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return out;
}
#endif // ODO_SUMMARY_DEFINITIONS

template <std::size_t N>
std::optional<std::string_view>
lookup(const std::array<std::pair<std::string_view, std::string_view>, N>& table,
       std::string_view key) {
    for (const auto& [from, to] : table)
        if (from == key)
            return to;
    return std::nullopt;
}

#if ODO_SUMMARY_DEFINITIONS
// Python int(text) for the channel axes, limited to what a channel count can be.
inline int channel_count(std::string_view value, std::string_view axis, std::string_view key) {
    std::string_view s = pytext::strip(value);
    const bool negative = !s.empty() && s.front() == '-';
    if (!s.empty() && (s.front() == '-' || s.front() == '+'))
        s.remove_prefix(1);
    if (s.empty() || s.size() > 9 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return pytext::is_ascii_digit(c); }))
        throw SummaryError("unsupported " + std::string(axis) + " '" + std::string(value) +
                           "' in " + std::string(key));
    const int n = std::stoi(std::string(s));
    return negative ? -n : n;
}

// Present and non-empty.
inline const std::string* non_empty_axis(const surface::CaseKey& key, std::string_view axis) {
    const std::string* value = key.find(axis);
    return value && !value->empty() ? value : nullptr;
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace detail

#if ODO_SUMMARY_DEFINITIONS
// The vector width of a CUDA vector dtype: uchar3 -> 3, float4 -> 4, short2 -> 2, else 1.
inline int vector_width(std::string_view dtype) {
    for (std::string_view base : {"uchar", "float", "short"})
        if (dtype.size() == base.size() + 1 && dtype.substr(0, base.size()) == base &&
            dtype.back() >= '2' && dtype.back() <= '4')
            return dtype.back() - '0';
    return 1;
}

// The display name of a dtype: uchar3 -> RGB8, float32 -> F32, short2 -> 2S16, a->b mapped part
// by part and joined with '→', anything else upper-cased.
inline std::string friendly_type(std::string_view dtype) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> names{{
        {"uchar3", "RGB8"},
        {"uchar4", "RGBA8"},
        {"float3", "RGBF32"},
        {"float4", "RGBAF32"},
        {"uint8", "U8"},
        {"uint16", "U16"},
        {"uint32", "U32"},
        {"int16", "S16"},
        {"int32", "S32"},
        {"float32", "F32"},
        {"short2", "2S16"},
        {"short4", "4S16"},
    }};
    if (dtype.find("->") != std::string_view::npos) {
        std::string out;
        std::size_t start = 0;
        for (std::size_t arrow = dtype.find("->");; arrow = dtype.find("->", start)) {
            const std::string_view part = dtype.substr(
                start, arrow == std::string_view::npos ? std::string_view::npos : arrow - start);
            out += (start ? std::string(type_arrow) : "") + friendly_type(part);
            if (arrow == std::string_view::npos)
                return out;
            start = arrow + 2;
        }
    }
    if (const auto name = detail::lookup(names, dtype))
        return std::string(*name);
    return detail::ascii_upper(dtype);
}

// The display name of a dtype read as `width` channels of its scalar: RGB8, RGBAF32, 2S16, …
inline std::string friendly_type_with_width(std::string_view dtype, int width) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> scalars{{
        {"uint8", "U8"},
        {"uchar3", "U8"},
        {"uchar4", "U8"},
        {"uint16", "U16"},
        {"uint32", "U32"},
        {"int16", "S16"},
        {"int32", "S32"},
        {"short2", "S16"},
        {"short4", "S16"},
        {"float32", "F32"},
        {"float3", "F32"},
        {"float4", "F32"},
    }};
    const auto known = detail::lookup(scalars, dtype);
    const std::string scalar = known ? std::string(*known) : friendly_type(dtype);
    if (scalar == "U8" && (width == 3 || width == 4))
        return width == 3 ? "RGB8" : "RGBA8";
    if (scalar == "F32" && (width == 3 || width == 4))
        return width == 3 ? "RGBF32" : "RGBAF32";
    return width == 1 ? scalar : std::to_string(width) + scalar;
}

// A colour conversion's "source→target": YUV2RGB_NV12 with uchar4 -> NV12→RGBA8.
inline std::string conversion_type(std::string_view code, std::string_view dtype) {
    const std::size_t two = code.find('2');
    if (two == std::string_view::npos)
        throw SummaryError("unsupported color conversion code '" + std::string(code) + "'");
    std::string source(code.substr(0, two));
    std::string target(code.substr(two + 1));
    std::string nv;
    for (std::string_view suffix : {"_NV12", "_NV21"}) {
        if (target.size() >= suffix.size() &&
            target.compare(target.size() - suffix.size(), suffix.size(), suffix) == 0) {
            target.resize(target.size() - suffix.size());
            nv = std::string(suffix.substr(1));
            break;
        }
    }
    if (!nv.empty() && source == "YUV")
        source = nv;
    else if (!nv.empty() && target == "YUV")
        target = nv;
    const int width = vector_width(dtype);
    auto endpoint = [width](const std::string& name) {
        if (name == "NV12" || name == "NV21")
            return name;
        return name + ((name == "RGB" || name == "BGR") && width == 4 ? "A8" : "8");
    };
    return endpoint(source) + std::string(type_arrow) + endpoint(target);
}

// The logical type of a case: its conversion, or its dtype read with numChannels, then the
// outDataType or outChannels it produces.
inline std::string logical_type(const surface::CaseKey& key, std::string_view key_text) {
    const std::string* dtype = detail::non_empty_axis(key, "InOutDataType");
    if (!dtype)
        throw SummaryError("case has no InOutDataType axis: " + std::string(key_text));
    if (const std::string* code = detail::non_empty_axis(key, "code"))
        return conversion_type(*code, *dtype);
    int channels = vector_width(*dtype);
    if (const std::string* n = detail::non_empty_axis(key, "numChannels"))
        channels = detail::channel_count(*n, "numChannels", key_text);
    const std::string source = friendly_type_with_width(*dtype, channels);
    if (const std::string* out = key.find("outDataType"))
        return source + std::string(type_arrow) + friendly_type_with_width(*out, channels);
    if (const std::string* out_channels = key.find("outChannels")) {
        const std::string out = friendly_type_with_width(
            *dtype, detail::channel_count(*out_channels, "outChannels", key_text));
        return out == source ? source : source + std::string(type_arrow) + out;
    }
    return source;
}

// "<Container> <Layout> <Type>" of one case.
inline std::string category(const surface::CaseKey& key, std::string_view key_text) {
    const std::string* kind = key.find("inputKind");
    const std::string container = kind ? *kind : "Tensor";
    if (container != "Tensor" && container != "TensorBatch" && container != "VarShape")
        throw SummaryError("unsupported inputKind '" + container + "' in " + std::string(key_text));
    const std::string* layout = key.find("layout");
    const auto kind_of_layout = layout_kind(layout);
    if (!kind_of_layout)
        throw SummaryError("unsupported layout '" + *layout + "' in " + std::string(key_text));
    return container + " " + std::string(to_string(*kind_of_layout)) + " " +
           logical_type(key, key_text);
}
#endif // ODO_SUMMARY_DEFINITIONS

} // namespace odo::summary
