#pragma once
// The exit codes of odo_baseline's commands, which their bodies (import_command.hpp,
// validate_command.hpp, compare_command.hpp, drift_command.hpp) return: 0 ok; 1 a validation,
// quality or regression failure; 2 bad input or usage.

namespace odo::baseline {

inline constexpr int command_ok = 0;
inline constexpr int command_failed = 1;
inline constexpr int command_bad_input = 2;

} // namespace odo::baseline
