#pragma once
// The entry points a benchmark times. Its own header, because every benchmark body sees it
// (`State::language()`) and must not pay for the metrics schema. The type lives with the layout
// profile, which declares a library's languages (repo/language.hpp).
#include "odo/repo/language.hpp"

namespace odo::baseline {

using repo::display_name;
using repo::Language;
using repo::languages;
using repo::LanguageSet;
using repo::parse_language;
using repo::to_string;

} // namespace odo::baseline
