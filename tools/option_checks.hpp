#pragma once
// What the three drivers share about their command lines: the usage error, the parser style, and
// checks of numbers and revisions. Parsers throw UsageError and never exit, so a fuzz target can
// call them; they take the arguments without the program name.
#include <odo/core/error.hpp>
#include <odo/core/readable_file.hpp>
#include <odo/core/usage_error.hpp>
#include <odo/repo/revision_name.hpp>

#include <boost/program_options.hpp>

#include <cmath>
#include <cstdint>
#include <locale>
#include <sstream>
#include <string>
#include <vector>

namespace odo::driver {

// A command-line mistake: printed as one line, exit 2 (the library's, which its command bodies
// throw too).
using odo::UsageError;

namespace detail {

inline void store(const std::vector<std::string>& args,
                  const boost::program_options::options_description& all,
                  const boost::program_options::positional_options_description& positional,
                  boost::program_options::variables_map& vm) {
    namespace po = boost::program_options;
    po::store(
        po::command_line_parser(args)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
            .run(),
        vm);
}

// Boost expands "%option%"-style placeholders in its messages until none is left, so an argument
// that holds one (say "--x%original_token%") makes what() loop forever. The message is taken from
// a second parse of the arguments with each '%' written as "\\x25", which fails the same way.
inline std::string
parse_error_text(std::vector<std::string> args,
                 const boost::program_options::options_description& all,
                 const boost::program_options::positional_options_description& positional) {
    for (std::string& arg : args)
        for (std::size_t at = 0; (at = arg.find('%', at)) != std::string::npos;)
            arg.replace(at, 1, "\\x25");
    try {
        boost::program_options::variables_map vm;
        store(args, all, positional, vm);
    } catch (const boost::program_options::error& e) {
        return e.what();
    }
    return "invalid arguments";
}

} // namespace detail

// Stores `args` into `vm`. Unknown options and arguments beyond `positional` are errors, and
// abbreviated option names are not guessed.
inline void
store_command_line(const std::vector<std::string>& args,
                   const boost::program_options::options_description& all,
                   const boost::program_options::positional_options_description& positional,
                   boost::program_options::variables_map& vm) {
    try {
        detail::store(args, all, positional, vm);
    } catch (const boost::program_options::error&) {
        throw UsageError(detail::parse_error_text(args, all, positional));
    }
}

// Runs the options' notifiers (required options, value storage) after --help has been seen, so
// that a missing required option does not hide the help.
inline void notify_options(boost::program_options::variables_map& vm) {
    try {
        boost::program_options::notify(vm);
    } catch (const boost::program_options::error& e) {
        throw UsageError(e.what());
    }
}

namespace detail {

inline std::string number_text(double value) {
    std::ostringstream os;
    os.imbue(std::locale::classic());
    os << value;
    return os.str();
}

} // namespace detail

// A finite number within [min, max]: "inf", "nan", overflowing and out-of-range values are
// refused before anything converts or multiplies them.
inline void require_range(const std::string& option, double value, double min, double max) {
    if (!std::isfinite(value) || value < min || value > max)
        throw UsageError(option + " must be a number from " + detail::number_text(min) + " to " +
                         detail::number_text(max));
}

// Integer options are read as a signed type and checked here, so that "-1" is refused instead of
// wrapping to 2^64-1.
inline void require_range(const std::string& option, std::int64_t value, std::int64_t min,
                          std::int64_t max) {
    if (value < min || value > max)
        throw UsageError(option + " must be an integer from " + std::to_string(min) + " to " +
                         std::to_string(max));
}

// A revision an option names, refused while parsing where git would read it as an option, so
// that every tool and phase says so alike, also where the revision is not resolved first.
inline void require_revision(const std::string& option, const std::string& rev) {
    if (const std::string refusal = repo::revision_name_refusal(rev); !refusal.empty())
        throw UsageError(option + " " + rev + ": " + refusal);
}

// A file an option names must be a readable regular file (odo/core/readable_file.hpp).
using odo::require_readable_file;

} // namespace odo::driver
