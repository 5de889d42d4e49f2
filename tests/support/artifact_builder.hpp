#pragma once
// Run artifacts made from the committed baselines of a test repository, as a benchmark would
// write them after measuring the same cases again: the CLI tests of odo_baseline share them.
#include <odo/core/json_write.hpp>

#include <boost/json.hpp>

#include <string>

namespace odo::testing {

// The artifact row of a fresh run of a committed row: its times scaled by `factor`, 0.4 % noise.
inline boost::json::object scaled_artifact_row(const boost::json::object& committed,
                                               double factor) {
    const double cpp = committed.at("gpu_time_us_cpp").as_double() * factor;
    const double python = committed.at("gpu_time_us_python").as_double() * factor;
    return {{"n_runs", 1},
            {"gpu_time_us_cpp", cpp},
            {"gpu_time_us_python", python},
            {"gpu_noise_us_cpp", cpp * 0.004},
            {"gpu_noise_us_python", python * 0.004},
            {"gpu_bwutil_cpp", 0.81},
            {"gpu_bwutil_python", 0.8}};
}

// The file's text: the schema-1 envelope around `baselines` ({case key: {SKU: row}}).
inline std::string artifact_text(boost::json::object baselines, boost::json::object run_metadata) {
    return odo::json::dumps(boost::json::object{{"schema_version", 1},
                                                {"run_metadata", std::move(run_metadata)},
                                                {"baselines", std::move(baselines)}},
                            {4, false, true}) +
           "\n";
}

} // namespace odo::testing
