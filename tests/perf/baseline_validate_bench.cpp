// How long validating every committed baseline of a 60-operator repository takes, and the
// regression gate against a git ref, next to the time to merely parse the same JSON files.
// Usage: baseline_validate_bench [repetitions [path/to/odo_baseline]]
// (best of N, default 5; with the tool, also its whole `validate --reject-regressions-from`
// process; docs/performance.md)
#include <odo/baseline/config_set.hpp>
#include <odo/baseline/regression_at_ref.hpp>
#include <odo/baseline/validation.hpp>
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/process.hpp>
#include <odo/repo/git.hpp>
#include <odo/surface/sku_map.hpp>

#include <boost/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace odo::baseline;

constexpr int operator_count = 60;
const std::vector<std::string> stems{"A100_PCIE_40GB_250W_1095MHz",
                                     "A100_PCIE_40GB_250W_1095MHz_CUDA12", "H100_PCIe_350W_1095MHz",
                                     "H100_PCIe_350W_1095MHz_CUDA12"};

// Deterministic times with full-precision digits, like real imports.
double next_time(std::uint64_t& state) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return 100.0 + double(state >> 11) / double(1ULL << 53) * 900.0;
}

boost::json::object metrics(std::uint64_t& state) {
    const double cpp = next_time(state);
    const double python = cpp * 1.02;
    return {{"n_runs", 5},
            {"gpu_time_us_cpp", cpp},
            {"gpu_time_us_python", python},
            {"gpu_noise_us_cpp", cpp * 0.003},
            {"gpu_noise_us_python", python * 0.004},
            {"gpu_bwutil_cpp", cpp / 1200},
            {"gpu_bwutil_python", python / 1250},
            {"gpu_gap_stddev_us", cpp * 0.001}};
}

// One config entry with its baselines for every case × stem.
boost::json::object entry(const std::string& key, const char* tier,
                          const std::vector<std::string>& dtypes,
                          const std::vector<std::string>& layouts, std::uint64_t& state) {
    boost::json::object config{{"tier", tier},
                               {"dtypes", boost::json::value_from(dtypes)},
                               {"string_axes",
                                {{"shape", {"64x1080x1920"}},
                                 {"layout", boost::json::value_from(layouts)},
                                 {"inputKind", {"Tensor", "VarShape"}}}},
                               {"warmup_iterations", 100},
                               {"metadata", {{"description", key}}}};
    boost::json::object baselines;
    for (const auto& case_key : odo::surface::expected_case_keys(key, config)) {
        boost::json::object per_sku;
        for (const std::string& stem : stems)
            per_sku[stem] = metrics(state);
        baselines[case_key.str()] = std::move(per_sku);
    }
    config["baselines"] = std::move(baselines);
    return config;
}

// 60 operators × (8 basic + 42 advanced) = 3000 case keys, each with 4 SKU rows.
void write_repository(const fs::path& root) {
    std::uint64_t state = 42;
    const fs::path operators = root / "bench/config/operators";
    fs::create_directories(operators);
    for (int op = 0; op < operator_count; ++op) {
        const std::string name = "op" + std::to_string(100 + op);
        boost::json::object configs;
        configs[name + "_basic"] =
            entry(name + "_basic", "basic", {"uchar3", "float3"}, {"NHWC", "NCHW"}, state);
        configs[name + "_advanced"] =
            entry(name + "_advanced", "advanced",
                  {"uint8", "uchar4", "float32", "float4", "uint16", "int16", "ushort3"},
                  {"NHWC", "NCHW", "NCHW_FAKE"}, state);
        const boost::json::object doc{{"benchmark", name}, {"configs", std::move(configs)}};
        odo::write_file_atomically(operators / (name + ".json"), render_operator_document(doc));
    }
    boost::json::array entries;
    for (const std::string& stem : stems)
        entries.push_back({{"gpu_name", "NVIDIA " + stem},
                           {"power_cap_w", 300},
                           {"locked_sm_clock_mhz", 1095},
                           {"stem", stem}});
    odo::write_file_atomically(root / "bench/config/sku_map.json",
                               odo::json::dumps(boost::json::object{{"entries", entries}}, {4}));
}

void git(const fs::path& root, const std::vector<std::string>& args) {
    if (!odo::run_process("git", args, {root, std::chrono::seconds(60), {}, {}}).ok()) {
        std::fprintf(stderr, "git failed\n");
        std::exit(2);
    }
}

// The best wall time of `repetitions` calls, in milliseconds.
double best_ms(int repetitions, const std::function<void()>& work) {
    double best = 1e300;
    for (int i = 0; i < repetitions; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const auto stop = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::milli>(stop - start).count());
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    const fs::path root =
        fs::temp_directory_path() / ("odo-baseline-bench-" + std::to_string(::getpid()));
    fs::remove_all(root);
    write_repository(root);
    git(root, {"init", "-q", "-b", "main"});
    git(root, {"add", "-A"});
    git(root, {"-c", "user.email=b@example.com", "-c", "user.name=bench", "commit", "-q", "-m",
               "baselines"});
    const fs::path config_dir = root / "bench/config";
    const auto map = odo::surface::load_sku_map(config_dir / "sku_map.json");
    const odo::repo::Git repo(root);

    std::size_t bytes = 0;
    const double parse = best_ms(repetitions, [&] {
        bytes = 0;
        for (const fs::path& path : operator_config_paths(config_dir)) {
            const std::string text = odo::read_file(path);
            bytes += text.size();
            odo::json::parse(text, path.string());
        }
    });
    const double load = best_ms(repetitions, [&] { load_config_set(config_dir); });
    const ConfigSet set = load_config_set(config_dir);
    ValidationSummary summary;
    const double validate =
        best_ms(repetitions, [&] { summary = validate_baselines(set, map.stems()); });
    RegressionReport report;
    const double gate =
        best_ms(repetitions, [&] { report = reject_regressions_from(repo, "main", set); });
    const double total = best_ms(repetitions, [&] {
        const ConfigSet fresh = load_config_set(config_dir);
        validate_baselines(fresh, map.stems());
        reject_regressions_from(repo, "main", fresh);
    });
    double process = 0;
    if (argc > 2)
        process = best_ms(repetitions, [&] {
            const auto r = odo::run_process(fs::absolute(argv[2]).string(),
                                            {"validate", "--config-dir", config_dir.string(),
                                             "--reject-regressions-from", "main"},
                                            {root, std::chrono::seconds(60), {}, {}});
            if (!r.ok())
                std::fprintf(stderr, "odo_baseline failed: %s%s\n", r.error.c_str(), r.err.c_str());
        });
    fs::remove_all(root);
    if (!summary.ok() || report.compared() != summary.metric_rows * 2 || report.regressed()) {
        std::fprintf(stderr, "unexpected result: %zu issues, %zu compared\n", summary.issues.size(),
                     report.compared());
        return 1;
    }
    std::printf("repository: %d operators, %zu configs, %zu case keys x %zu SKUs = %zu rows, "
                "%.1f MB JSON\n",
                operator_count, summary.configs, summary.cases, stems.size(), summary.metric_rows,
                double(bytes) / 1e6);
    std::printf("best of %d runs:\n", repetitions);
    std::printf("  parse only (read + JSON parse)       %8.1f ms   1.00x\n", parse);
    std::printf("  load config set (parse + index)      %8.1f ms   %.2fx\n", load, load / parse);
    std::printf("  validate (schema, quality, coverage) %8.1f ms   %.2fx\n", validate,
                validate / parse);
    std::printf("  regression gate vs main (git + cmp)  %8.1f ms   %.2fx\n", gate, gate / parse);
    std::printf("  load + validate + gate               %8.1f ms   %.2fx\n", total, total / parse);
    if (process > 0)
        std::printf("  odo_baseline validate --reject-...   %8.1f ms   %.2fx (whole process)\n",
                    process, process / parse);
    return 0;
}
