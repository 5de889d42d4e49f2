#pragma once
// A command-line mistake: an option's value a command cannot use. The option parsers of odo's
// drivers throw it, and so do library command bodies (baseline/import_command.hpp) for an option
// whose value only the work reveals as unusable; a driver prints it as a usage error, one line,
// exit 2.
#include <stdexcept>

namespace odo {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace odo
