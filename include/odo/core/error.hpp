#pragma once
#include <stdexcept>
#include <string>

namespace odo {

// Bad user input: a missing or malformed file, field or option. The message names the file,
// field or option and the rule that failed; drivers print it on one line and exit 2.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace odo
