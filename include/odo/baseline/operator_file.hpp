#pragma once
#include "odo/core/atomic_write.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/linkage.hpp"
#include "odo/surface/bench_config.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <string>

namespace odo::baseline {

// An operator config file `operators/<op>.json` as committed: its bytes, the exact JSON
// document and the configs read from it. Baseline imports edit `document`; the bytes tell
// whether a rewrite changes anything.
struct OperatorFile {
    std::filesystem::path path;
    std::string bytes;
    boost::json::value document;
    surface::BenchConfig config;
};

ODO_API OperatorFile load_operator_file(const std::filesystem::path& path);
#if ODO_BASELINE_DEFINITIONS
// Reads an operator config from its bytes; InputError names `path` and the rule.
inline OperatorFile parse_operator_file(std::filesystem::path path, std::string bytes) {
    const std::string source = path.string();
    boost::json::value document = json::parse(bytes, source);
    surface::BenchConfig config = surface::load_bench_config(document, source);
    return {std::move(path), std::move(bytes), std::move(document), std::move(config)};
}

ODO_API OperatorFile load_operator_file(const std::filesystem::path& path) {
    return parse_operator_file(path, read_file(path));
}

// The bytes the reference writes for a config document: json.dumps(indent=4) plus a newline.
// A committed file that was written this way round-trips byte for byte.
inline std::string render_operator_document(const boost::json::value& document) {
    return json::dumps(document, {4, false, true}) + "\n";
}

// The document in the new shape `{"benchmark": op, "configs": {...}}`, which every write uses;
// an old flat file is converted (its entries lose their per-entry `benchmark`).
inline boost::json::value new_shape_document(const OperatorFile& file) {
    if (!file.config.old_shape)
        return file.document;
    boost::json::object configs;
    for (const surface::ConfigEntry& entry : file.config.entries)
        configs[entry.key] = entry.fields;
    return boost::json::object{{"benchmark", file.config.benchmark},
                               {"configs", std::move(configs)}};
}
#endif // ODO_BASELINE_DEFINITIONS

} // namespace odo::baseline
