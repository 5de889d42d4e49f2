#pragma once
// The options of the drivers that read an op repository (optimize_op, refactor_op): where the
// repository and its layout profile are, where a report is also written, help and version. One
// declaration, so the two drivers cannot drift in spelling or help text.
#include "option_checks.hpp"

#include <boost/program_options.hpp>

#include <optional>
#include <string>

namespace odo::driver {

struct RepositoryOptions {
    std::optional<std::string> out;
    std::optional<std::string> repo;
    std::optional<std::string> layout;
    bool help = false;
    bool version = false;
};

// Declares --out, --repo, --layout, --help and --version, in that order (the help's last lines).
inline void add_repository_options(boost::program_options::options_description& d,
                                   RepositoryOptions& o) {
    namespace po = boost::program_options;
    d.add_options()("out", po::value<std::string>()->value_name("PATH"),
                    "also write the report to PATH, atomically")(
        "repo", po::value<std::string>()->value_name("DIR"),
        "the op repository (default: git top level of the current directory)")(
        "layout", po::value<std::string>()->value_name("FILE"),
        "layout profile JSON (default: <repo>/odo-layout.json if present, else CV-CUDA)")(
        "help,h", po::bool_switch(&o.help), "show this help and exit")(
        "version", po::bool_switch(&o.version), "print the version and exit");
}

// Copies an optional string option into its field when the command line gave it.
inline void take_string(const boost::program_options::variables_map& vm, const char* name,
                        std::optional<std::string>& field) {
    if (vm.count(name))
        field = vm[name].as<std::string>();
}

inline void take_repository_options(const boost::program_options::variables_map& vm,
                                    RepositoryOptions& o) {
    take_string(vm, "out", o.out);
    take_string(vm, "repo", o.repo);
    take_string(vm, "layout", o.layout);
}

} // namespace odo::driver
