#pragma once
#include "odo/baseline/metrics.hpp"
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/surface/case_key.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace odo::baseline {

#if ODO_BASELINE_DEFINITIONS
// "InOutDataType=uchar3, shape=1x2x3": a case key's axes as the reference's messages print
// them, or the key itself when it does not parse.
inline std::string axes_text(const std::string& case_key) {
    try {
        std::string out;
        for (const auto& [name, value] : surface::parse_case_key(case_key).axes)
            out += (out.empty() ? "" : ", ") + name + "=" + value;
        return out;
    } catch (const InputError&) {
        return case_key;
    }
}

// "<config_key> [<lang>] (<axes>)", or without the language part for a whole row.
inline std::string case_label(std::string_view config_key, std::optional<Language> language,
                              const std::string& case_key) {
    std::string out(config_key);
    if (language)
        out += " [" + std::string(to_string(*language)) + "]";
    return out + " (" + axes_text(case_key) + ")";
}

// "<sku> <config_key> [<lang>] (<axes>)": how import and the regression gate name a row.
inline std::string row_label(std::string_view sku, std::string_view config_key,
                             std::optional<Language> language, const std::string& case_key) {
    return std::string(sku) + " " + case_label(config_key, language, case_key);
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
