#pragma once
// What each driver's main does around its work: a usage mistake, bad input or an internal error
// is one line on stderr, prefixed with the tool's name, and exit 2.
#include "option_checks.hpp"

#include <odo/core/error.hpp>
#include <odo/core/error_output.hpp>

#include <exception>
#include <iostream>
#include <string>

namespace odo::driver {

template <class Body>
int guarded_main(const std::string& tool, Body&& body) {
    try {
        return body();
    } catch (const UsageError& e) {
        print_error(std::cerr, e, tool + ": error: ", " (see --help)");
    } catch (const InputError& e) {
        print_error(std::cerr, e, tool + ": ");
    } catch (const std::exception& e) {
        print_error(std::cerr, e, tool + ": internal error: ");
    }
    return 2;
}

} // namespace odo::driver
