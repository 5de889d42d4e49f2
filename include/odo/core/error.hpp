#pragma once
#include "odo/core/text.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace odo {

// Bad user input: a missing or malformed file, field or option. The message names the file,
// field or option and the rule that failed; drivers print it on one line and exit 2.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Several problems of one input, found before giving up so that one run names them all. The
// message joins them with newlines; drivers print a bounded number of them (error_output.hpp).
class InputProblems : public InputError {
public:
    explicit InputProblems(std::vector<std::string> problems)
        : InputError(text::join(problems, "\n")),
          problems_(std::make_shared<const std::vector<std::string>>(std::move(problems))) {}

    const std::vector<std::string>& problems() const noexcept { return *problems_; }

private:
    std::shared_ptr<const std::vector<std::string>> problems_; // shared: copying must not throw
};

} // namespace odo
