// The gates on a large op repository: 61 operators (the real CV-CUDA manifest's names), about
// 3,000 case keys x 4 SKUs in their configs, a few hundred commits. Times the whole
// `optimize_op --phase preflight` and `--phase evidence` processes against the git commands
// each issues, run directly in the same session: the ratio says what odo adds on top of git.
//
//   build/perf/tests/perf/preflight_bench build/perf/tools/optimize_op [runs]
#include <odo/core/file.hpp>
#include <odo/core/json_read.hpp>
#include <odo/core/json_write.hpp>
#include <odo/core/process.hpp>
#include <odo/core/text.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

void write(const fs::path& path, const std::string& content) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
}

void git(const fs::path& repo, const std::vector<std::string>& args) {
    const auto r = odo::run_process("git", args, {repo, std::chrono::seconds(120), {}, {}});
    if (!r.ok())
        throw std::runtime_error("git " + odo::text::join(args, " ") + ": " + r.err);
}

std::string pascal(const std::string& op) {
    std::string name = op;
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
}

// One operator config: 10 configs x 5 cases each, every case measured on 4 SKUs.
std::string operator_config(const std::string& op, const std::vector<std::string>& stems,
                            int generation) {
    boost::json::object configs;
    for (int c = 0; c < 10; ++c) {
        const std::string key = op + "_c" + std::to_string(c) + (c < 5 ? "_basic" : "_advanced");
        boost::json::object baselines;
        const std::vector<std::string> shapes{"1x64x64", "2x128x128", "4x256x256", "8x512x512",
                                              "16x1080x1920"};
        for (const std::string& shape : shapes) {
            boost::json::object per_sku;
            for (std::size_t s = 0; s < stems.size(); ++s) {
                const double t = 100.0 + c * 10 + s + generation * 0.25;
                per_sku[stems[s]] = {{"n_runs", 5},
                                     {"gpu_time_us_cpp", t},
                                     {"gpu_time_us_python", t + 3.5},
                                     {"gpu_noise_us_cpp", t * 0.01},
                                     {"gpu_noise_us_python", t * 0.012},
                                     {"gpu_bwutil_cpp", 0.75},
                                     {"gpu_bwutil_python", 0.74},
                                     {"gpu_gap_stddev_us", 0.5}};
            }
            baselines[key + "[InOutDataType=uchar3][shape=" + shape +
                      "][layout=NHWC][inputKind=Tensor]"] = std::move(per_sku);
        }
        configs[key] = {
            {"tier", c < 5 ? "basic" : "advanced"},
            {"dtypes", {"uchar3"}},
            {"string_axes",
             {{"shape", {"1x64x64", "2x128x128", "4x256x256", "8x512x512", "16x1080x1920"}},
              {"layout", {"NHWC"}},
              {"inputKind", {"Tensor"}}}},
            {"baselines", std::move(baselines)}};
    }
    return odo::json::dumps(boost::json::object{{"benchmark", op}, {"configs", std::move(configs)}},
                            {4, false, true}) +
           "\n";
}

fs::path build_repository(const std::string& data_dir) {
    const fs::path repo = fs::temp_directory_path() / "odo-preflight-bench";
    fs::remove_all(repo);
    fs::create_directories(repo);
    const std::string config_dir = data_dir + "/cvcuda/bench/config";
    const auto manifest = odo::json::parse(odo::read_file(config_dir + "/bench_params.json"), "m");
    const auto sku_map = odo::json::parse(odo::read_file(config_dir + "/sku_map.json"), "s");
    std::vector<std::string> stems;
    for (const auto& e : sku_map.at("entries").as_array())
        stems.emplace_back(e.at("stem").as_string());
    write(repo / "bench/config/bench_params.json",
          odo::read_file(config_dir + "/bench_params.json"));
    write(repo / "bench/config/sku_map.json", odo::read_file(config_dir + "/sku_map.json"));
    std::vector<std::string> ops;
    for (const auto& kv : manifest.at("operators").as_object())
        ops.emplace_back(kv.key());
    for (const std::string& op : ops) {
        const std::string Op = pascal(op);
        write(repo / ("src/cvcuda/include/cvcuda/Op" + Op + ".h"),
              "CVCUDA_PUBLIC NVCVStatus cvcuda" + Op +
                  "Submit(NVCVOperatorHandle h, cudaStream_t s, NVCVTensorHandle in, "
                  "NVCVTensorHandle out);\n/* Limitations:\n * Input:\n *   Data Layout: [kNHWC]\n"
                  " * Planar image layouts: Not applicable\n * Reason: benchmark fixture\n */\n");
        write(repo / ("src/cvcuda/include/cvcuda/Op" + Op + ".hpp"),
              "#include \"Op" + Op + ".h\"\n");
        write(repo / ("src/cvcuda/priv/Op" + Op + ".cu"), "#include \"Common.cuh\"\n// kernel\n");
        write(repo / ("python/mod_cvcuda/operators/Op" + Op + ".cpp"),
              "m.def(\"" + op + "\", &" + Op + ");\n");
        write(repo / ("tests/cvcuda/system/TestOp" + Op + ".cpp"),
              "static int " + Op + "Gold();\nTEST(Op" + Op + ", correct_output) { EXPECT_EQ(1, " +
                  Op + "Gold()); }\n");
        write(repo / ("bench/config/operators/" + op + ".json"), operator_config(op, stems, 0));
    }
    write(repo / "src/cvcuda/priv/Common.cuh", "// shared\n");
    git(repo, {"init", "-q", "-b", "main"});
    git(repo, {"config", "user.email", "bench@example.com"});
    git(repo, {"config", "user.name", "bench"});
    git(repo, {"add", "-A"});
    git(repo, {"commit", "-q", "-m", "base"});
    // A few hundred commits: kernels, docs and, now and then, a baseline refresh.
    for (int i = 0; i < 300; ++i) {
        const std::string& op = ops[static_cast<std::size_t>(i * 7) % ops.size()];
        if (i % 50 == 25)
            write(repo / ("bench/config/operators/" + op + ".json"), operator_config(op, stems, i));
        else if (i % 3 == 0)
            write(repo / ("docs/notes" + std::to_string(i % 10) + ".md"), std::to_string(i));
        else
            write(repo / ("src/cvcuda/priv/Op" + pascal(op) + ".cu"),
                  "#include \"Common.cuh\"\n// revision " + std::to_string(i) + "\n");
        git(repo, {"add", "-A"});
        git(repo, {"commit", "-q", "-m", "change " + std::to_string(i)});
    }
    return repo;
}

odo::ProcessOptions at(const fs::path& repo) {
    return {repo, std::chrono::seconds(60), {}, {}};
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The git commands preflight issues for one operator, run directly.
double git_commands_alone(const fs::path& repo, const std::string& op) {
    const std::string config = "bench/config/operators/" + op + ".json";
    const auto start = Clock::now();
    const auto log =
        odo::run_process("git", {"log", "--format=%H", "-100", "--", config}, at(repo));
    std::string batch;
    for (auto line : odo::text::lines(log.out))
        batch +=
            std::string(line) + ":" + config + "\n" + std::string(line) + "~1:" + config + "\n";
    odo::run_process("git", {"cat-file", "--batch"}, {repo, std::chrono::seconds(60), batch, {}});
    odo::run_process("git", {"rev-parse", "--verify", "main^{commit}"}, at(repo));
    odo::run_process("git", {"merge-base", "--is-ancestor", "HEAD~1", "HEAD"}, at(repo));
    odo::run_process("git", {"cat-file", "-e", "HEAD~1^{commit}"}, at(repo));
    odo::run_process("git", {"diff", "--name-only", "--no-renames", "HEAD~100...HEAD"}, at(repo));
    return seconds_since(start);
}

// The git commands the evidence phase issues for one operator over the whole branch, run
// directly: merge base, shallow probe, one log of every commit with its files, the changed
// set, one batch of objects, the public-header diff, HEAD, and the regression gate's batch.
double evidence_git_commands_alone(const fs::path& repo, const std::string& base,
                                   const std::string& op) {
    const std::string Op = pascal(op);
    const std::string config = "bench/config/operators/" + op + ".json";
    const std::string binding = "python/mod_cvcuda/operators/Op" + Op + ".cpp";
    const auto start = Clock::now();
    const auto mb = odo::run_process("git", {"merge-base", base, "HEAD"}, at(repo));
    const std::string m(odo::text::strip(mb.out));
    odo::run_process("git", {"rev-parse", "--is-shallow-repository"}, at(repo));
    odo::run_process("git",
                     {"log", "-z", "--name-only", "--no-renames", "--no-color",
                      "--no-show-signature", "--format=%x00%x1e%H%x1f%P%x1f%s", m + "..HEAD"},
                     at(repo));
    odo::run_process("git", {"diff", "--name-only", "--no-renames", m + "...HEAD"}, at(repo));
    odo::run_process("git", {"cat-file", "--batch"},
                     {repo,
                      std::chrono::seconds(60),
                      m + ":" + config + "\nHEAD:" + config + "\n" + m + ":" + binding +
                          "\nHEAD:" + binding + "\n",
                      {}});
    odo::run_process("git",
                     {"diff", "--no-color", m + "...HEAD", "--",
                      "src/cvcuda/include/cvcuda/Op" + Op + ".h",
                      "src/cvcuda/include/cvcuda/Op" + Op + ".hpp"},
                     at(repo));
    odo::run_process("git", {"rev-parse", "--verify", "HEAD^{commit}"}, at(repo));
    odo::run_process("git", {"cat-file", "--batch"},
                     {repo, std::chrono::seconds(60), m + ":" + config + "\n", {}});
    return seconds_since(start);
}

struct Timing {
    double median;
    double min;
};

Timing median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front()};
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: preflight_bench <optimize_op> [runs]\n";
        return 2;
    }
    const std::string optimize_op = fs::absolute(argv[1]).string();
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 10;
    const fs::path repo = build_repository(ODO_TEST_DATA_DIR);
    const std::string op = "gaussian";
    std::vector<double> preflight, git_only;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        const auto r = odo::run_process(optimize_op,
                                        {op, "--phase", "preflight", "--format", "json"}, at(repo));
        preflight.push_back(seconds_since(start));
        if (r.exit_code == 2 || !r.started) {
            std::cerr << "optimize_op failed: " << r.err << r.error << "\n";
            return 1;
        }
        git_only.push_back(git_commands_alone(repo, op));
    }
    const std::string base = std::string(odo::text::strip(
        odo::run_process("git", {"rev-list", "--max-parents=0", "HEAD"}, at(repo)).out));
    std::vector<double> evidence, evidence_git;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        const auto r = odo::run_process(
            optimize_op, {op, "--phase", "evidence", "--base", base, "--format", "json"}, at(repo));
        evidence.push_back(seconds_since(start));
        if (r.exit_code == 2 || !r.started) {
            std::cerr << "optimize_op evidence failed: " << r.err << r.error << "\n";
            return 1;
        }
        evidence_git.push_back(evidence_git_commands_alone(repo, base, op));
    }
    const Timing p = median_of(preflight), g = median_of(git_only);
    const Timing e = median_of(evidence), eg = median_of(evidence_git);
    std::cout << "repository: 61 operators, 3050 case keys x 4 SKUs, 301 commits\n"
              << "preflight (whole process), median of " << runs << ": " << p.median * 1e3
              << " ms (min " << p.min * 1e3 << " ms)\n"
              << "its git commands alone, median: " << g.median * 1e3 << " ms\n"
              << "ratio preflight / git alone: " << p.median / g.median << "\n"
              << "evidence over 300 branch commits (whole process), median: " << e.median * 1e3
              << " ms (min " << e.min * 1e3 << " ms)\n"
              << "its git commands alone, median: " << eg.median * 1e3 << " ms\n"
              << "ratio evidence / git alone: " << e.median / eg.median << "\n";
    fs::remove_all(repo);
    return 0;
}
