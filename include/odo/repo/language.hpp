#pragma once
// The entry points an operator library offers, and so which benchmark drivers time it. In the
// repository layer because the layout profile declares them (Layout::languages); light, because
// every benchmark body sees a Language (`State::language()`).
#include "odo/core/linkage.hpp"
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::repo {

// The two benchmark drivers of an operator: the C++ nvbench binary and the Python script.
enum class Language { Cpp, Python };

inline constexpr std::array<Language, 2> languages{Language::Cpp, Language::Python};

// The spelling in field names, artifacts, row labels and layout files ("cpp", "python").
constexpr std::string_view to_string(Language language) noexcept {
    return language == Language::Cpp ? "cpp" : "python";
}

// The spelling in quality messages ("C++", "Python").
constexpr std::string_view display_name(Language language) noexcept {
    return language == Language::Cpp ? "C++" : "Python";
}

ODO_API std::optional<Language> parse_language(std::string_view text) noexcept;
#if ODO_REPO_DEFINITIONS
ODO_API std::optional<Language> parse_language(std::string_view text) noexcept {
    for (Language language : languages)
        if (to_string(language) == text)
            return language;
    return std::nullopt;
}
#endif // ODO_REPO_DEFINITIONS

// The languages a library declares. The C++ API is always one of them: operators are found by
// their public C header. A Python binding is optional: CV-CUDA has one (the default), a C++-only
// library has none, and then no Python figure is required, compared or accepted anywhere.
class LanguageSet {
public:
    constexpr LanguageSet() noexcept = default;
    static constexpr LanguageSet cpp_only() noexcept { return LanguageSet(false); }

    constexpr bool has_python() const noexcept { return python_; }
    constexpr bool contains(Language language) const noexcept {
        return language == Language::Cpp || python_;
    }

    // Iterates the members in `languages` order; C++ comes first, so they are a prefix of it.
    constexpr const Language* begin() const noexcept { return languages.data(); }
    constexpr const Language* end() const noexcept { return begin() + (python_ ? 2 : 1); }

    friend constexpr bool operator==(LanguageSet a, LanguageSet b) noexcept {
        return a.python_ == b.python_;
    }
    friend constexpr bool operator!=(LanguageSet a, LanguageSet b) noexcept { return !(a == b); }

private:
    explicit constexpr LanguageSet(bool python) noexcept : python_(python) {}
    bool python_ = true;
};

// The members' spellings, as a layout file lists them: ["cpp", "python"].
ODO_API std::vector<std::string> language_names(LanguageSet set);
#if ODO_REPO_DEFINITIONS
ODO_API std::vector<std::string> language_names(LanguageSet set) {
    std::vector<std::string> names;
    for (Language language : set)
        names.emplace_back(to_string(language));
    return names;
}
#endif // ODO_REPO_DEFINITIONS

} // namespace odo::repo
