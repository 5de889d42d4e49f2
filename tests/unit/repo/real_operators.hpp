#pragma once
#include <odo/core/file.hpp>
#include <odo/repo/ownership.hpp>

#include <boost/json.hpp>

// The operator universe of the real CV-CUDA bench manifest: the keys of its "operators" object.
inline odo::repo::OperatorSet real_cvcuda_operators() {
    const auto doc = boost::json::parse(
        odo::read_file(ODO_TEST_DATA_DIR "/cvcuda/bench/config/bench_params.json"));
    odo::repo::OperatorSet ops;
    for (const auto& kv : doc.at("operators").as_object())
        ops.insert(std::string(kv.key()));
    return ops;
}
