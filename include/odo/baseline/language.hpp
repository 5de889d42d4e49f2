#pragma once
// The entry points a benchmark times. Its own header, because every benchmark body sees it
// (`State::language()`) and must not pay for the metrics schema.
#include <array>
#include <optional>
#include <string_view>

namespace odo::baseline {

// The two benchmark drivers of every operator: the C++ nvbench binary and the Python script.
enum class Language { Cpp, Python };

inline constexpr std::array<Language, 2> languages{Language::Cpp, Language::Python};

// The spelling in field names, artifacts and row labels ("cpp", "python").
constexpr std::string_view to_string(Language language) noexcept {
    return language == Language::Cpp ? "cpp" : "python";
}

// The spelling in quality messages ("C++", "Python").
constexpr std::string_view display_name(Language language) noexcept {
    return language == Language::Cpp ? "C++" : "Python";
}

inline std::optional<Language> parse_language(std::string_view text) noexcept {
    for (Language language : languages)
        if (to_string(language) == text)
            return language;
    return std::nullopt;
}

} // namespace odo::baseline
