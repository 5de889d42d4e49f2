#pragma once
// HOST-ONLY: reads git through odo::repo::Git. Never include from a .cu file.
//
// What the evidence gate knows of the operator's campaign ledger (the layout's
// paths.campaign_ledger): the ledger committed at HEAD, its versions at the merge base and every
// commit of the change, the cited files (the working tree, then `--artifacts DIR`), HEAD's time
// and history — handed to campaign::verify_ledger — and the surface its profiles must cover.
#include "odo/baseline/config_set.hpp"
#include "odo/baseline/operator_file.hpp"
#include "odo/campaign/campaign_surface.hpp"
#include "odo/campaign/evaluation_runs.hpp"
#include "odo/campaign/evidence_store.hpp"
#include "odo/campaign/ledger_verify.hpp"
#include "odo/core/blake2b.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/linkage.hpp"
#include "odo/gates/evidence_checks_common.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout.hpp"
#include "odo/repo/layout_file.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/repo_path.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace odo::gates {

struct CampaignLedgerFacts {
    std::string path;                    // the operator's ledger, repository-relative
    bool present = false;                // HEAD or an earlier commit of the change holds it
    std::string problem;                 // why it could not be examined; "" when it was
    std::size_t earlier_versions = 0;    // distinct earlier versions compared with HEAD's
    std::size_t records_at_base = 0;     // lines of the merge base's ledger: a former campaign's
    bool implementation_changed = false; // the change claims an optimization of its own
    campaign::LedgerVerification verification;
    std::optional<campaign::OperatorSurface> surface; // the basic + advanced case keys
    std::string surface_problem;                      // why the surface is unknown
    // "bench/campaigns/OpInvert.ledger.jsonl at commit 1a2b3c4d": a ledger an earlier commit's own
    // layout put elsewhere than HEAD's does; "" when the ledger never moved.
    std::string moved_from;
    // Earlier versions not compared, over earlier_versions_budget.
    std::size_t versions_left = 0;
    // The published evidence store as read: "<N> files published (refs/odo/evidence)", or why
    // the ref is no store; "" when it was not looked at.
    std::string store;
};

// The largest file a ledger may cite: a profiler report, a run artifact, a test log.
inline constexpr std::uintmax_t max_cited_file_bytes = std::uintmax_t{256} << 20;

ODO_API CampaignLedgerFacts load_campaign_ledger_facts(
    const std::filesystem::path& repo_root, const repo::Layout& layout,
    const repo::OperatorPaths& op, const repo::Git& git, const ChangeRange& range,
    const std::optional<std::filesystem::path>& artifacts,
    const std::optional<surface::BenchConfig>& config, const std::string& config_problem,
    const std::vector<std::string>& sku_stems);

#if ODO_GATES_DEFINITIONS
namespace detail {

// A version of the ledger as git stores it.
struct LedgerObject {
    std::string oid;
    std::uint64_t size = 0;
};

// The object of each `<commit>:<path>` spec, nullopt when the commit has no such file; one
// `git cat-file --batch-check`. InputError when git cannot answer.
inline std::map<std::string, std::optional<LedgerObject>>
ledger_objects(const repo::Git& git, const std::vector<std::string>& specs) {
    std::string input;
    for (const std::string& spec : specs)
        input += spec + "\n";
    const ProcessResult r =
        git.run({"cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"}, input);
    if (!r.ok())
        throw InputError("git cat-file --batch-check failed: " + r.error + r.err);
    const std::vector<std::string_view> lines = text::lines(r.out);
    if (lines.size() < specs.size())
        throw InputError("git cat-file --batch-check answered " + std::to_string(lines.size()) +
                         " of " + std::to_string(specs.size()) + " ledger versions");
    std::map<std::string, std::optional<LedgerObject>> objects;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        // "<oid> blob <size>", or "<spec> missing" (and a tree or a commit is no ledger).
        const std::string_view line = lines[i];
        const std::size_t type_at = line.find(" blob ");
        const std::string_view size =
            type_at == std::string_view::npos ? std::string_view() : line.substr(type_at + 6);
        const bool blob = !size.empty() && size.size() <= 18 &&
                          size.find_first_not_of("0123456789") == std::string_view::npos;
        objects[specs[i]] =
            blob ? std::optional<LedgerObject>(LedgerObject{std::string(line.substr(0, type_at)),
                                                            std::stoull(std::string(size))})
                 : std::nullopt;
    }
    return objects;
}

// The contents of `oids`, each held until `on_object` has seen it.
inline void read_blobs(const repo::Git& git, const std::vector<std::string>& oids,
                       const std::function<void(const std::string&, std::string_view)>& on_object) {
    const bool complete =
        git.stream_objects(oids, [&](const std::string& oid, std::string_view, auto contents) {
            if (contents)
                on_object(oid, *contents);
            return true;
        });
    if (!complete)
        throw InputError("git could not read every version of the ledger");
}

// The commits before HEAD whose ledgers HEAD's must extend: the merge base and every commit of
// the change, merges included (a merge can rewrite a ledger too).
inline std::vector<std::string> earlier_commits(const repo::Git& git, const std::string& head,
                                                const std::string& merge_base) {
    const auto out = git.output({"rev-list", merge_base + ".." + head});
    if (!out)
        throw InputError("git rev-list " + merge_base + "..HEAD failed");
    std::vector<std::string> commits{merge_base};
    for (std::string_view line : text::lines(*out))
        if (const std::string_view sha = text::strip(line); !sha.empty() && sha != head)
            commits.emplace_back(sha);
    return commits;
}

// "2026-12-05T08:30:00Z" of HEAD's committer time: what no record may be later than (the gate
// reads no clock; the commit that holds a record was made after it).
inline std::string head_time(const repo::Git& git) {
    const auto out = git.output({"show", "-s", "--format=%ct", "HEAD"});
    const std::string seconds(out ? text::strip(*out) : std::string_view());
    if (seconds.empty() || seconds.find_first_not_of("0123456789") != std::string::npos ||
        seconds.size() > 12)
        throw InputError("git cannot tell HEAD's commit time");
    return campaign::utc_timestamp(
        std::chrono::system_clock::from_time_t(static_cast<std::time_t>(std::stoll(seconds))));
}

// The bytes of `relative` under `root` (the repository or the artifacts folder), links resolved
// and kept inside it; nullopt when absent there.
inline std::optional<std::string> read_under(const std::filesystem::path& root,
                                             const std::string& relative) {
    const auto where = repo::resolve_repo_path(root, relative);
    if (!where)
        return std::nullopt;
    struct stat st;
    if (::stat(where->c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return std::nullopt;
    if (static_cast<std::uintmax_t>(st.st_size) > max_cited_file_bytes)
        throw InputError(std::to_string(st.st_size) + " bytes, over the " +
                         std::to_string(max_cited_file_bytes >> 20) + " MiB a cited file may hold");
    auto bytes = try_read_file(*where);
    if (!bytes)
        throw InputError("cannot be read");
    return bytes;
}

// Where a cited file is looked for, in order: the working tree, the artifacts folder, the
// published evidence store (by its digest: the store names no path).
struct CitedFileSources {
    std::filesystem::path repo_root;
    std::optional<std::filesystem::path> artifacts;
    std::shared_ptr<const campaign::EvidenceStore> store;
};

// A cited file's bytes from the first source that holds it; nullopt when none does. InputError
// when the store is needed and is no store, or its bytes were tampered with.
inline std::optional<std::string> read_cited_bytes(const CitedFileSources& from,
                                                   const campaign::CitedFile& cited) {
    if (auto bytes = read_under(from.repo_root, cited.path))
        return bytes;
    if (from.artifacts)
        if (auto bytes = read_under(*from.artifacts, cited.path))
            return bytes;
    if (!from.store->problem().empty())
        throw InputError(from.store->problem());
    return from.store->read(cited.blake2b);
}

inline campaign::CitedFileReader cited_file_reader(const CitedFileSources& from) {
    return [from](const campaign::CitedFile& cited) -> std::optional<campaign::CitedFile> {
        if (auto bytes = read_cited_bytes(from, cited))
            return campaign::cite_bytes(cited.path, *bytes);
        return std::nullopt;
    };
}

// The runs of a cited run artifact, its rows checked against the operator's config and the SKU
// map as an import checks them; a refused row is one line (the first, and how many more).
inline campaign::ArtifactRunsReader artifact_runs_reader(const CitedFileSources& from,
                                                         const repo::OperatorPaths& op,
                                                         const surface::BenchConfig& config,
                                                         std::vector<std::string> sku_stems,
                                                         baseline::LanguageSet languages) {
    std::vector<baseline::OperatorFile> files;
    files.push_back({from.repo_root / op.bench_cfg, {}, {}, config});
    auto set = std::make_shared<const baseline::ConfigSet>(std::move(files));
    return [from, set, stems = std::move(sku_stems), languages](const campaign::CitedFile& artifact,
                                                                baseline::Language language) {
        const auto bytes = read_cited_bytes(from, artifact);
        if (!bytes)
            throw InputError("neither in the repository, nor under the artifacts folder, nor in "
                             "the published evidence store");
        try {
            return campaign::artifact_runs(*bytes, artifact.path, *set, stems, languages, language);
        } catch (const InputProblems& e) {
            const auto& all = e.problems();
            throw InputError(
                all.front() +
                (all.size() > 1 ? " (and " + std::to_string(all.size() - 1) + " more rows refused)"
                                : std::string()));
        }
    };
}

// Whether a record's commit is HEAD's history: the change's own commits and the merge base
// are known; any other commit is asked of git once.
inline campaign::InHistory in_history(const repo::Git& git, std::set<std::string> known) {
    auto answers = std::make_shared<std::map<std::string, bool>>();
    return [&git, known = std::move(known), answers](const std::string& commit) {
        if (known.count(commit))
            return true;
        const auto it = answers->find(commit);
        if (it != answers->end())
            return it->second;
        const bool yes = git.is_ancestor(commit, "HEAD").value_or(1) == 0;
        answers->emplace(commit, yes);
        return yes;
    };
}

// The most earlier versions that differ from HEAD's kept for naming their records: one is a GAP.
inline constexpr std::size_t kept_rewritten_versions = 8;
// The most bytes of earlier versions read back: git hands each over whole, so a branch of many
// commits of a large ledger would otherwise cost seconds per hundred megabytes.
inline constexpr std::uint64_t earlier_versions_budget = std::uint64_t{512} << 20;
// The largest layout file read from an earlier commit.
inline constexpr std::uint64_t max_layout_bytes = std::uint64_t{1} << 20;

// The operator's ledger path under `layout`; "" when it has none.
inline std::string ledger_path(const repo::Layout& layout, const repo::OperatorPaths& op) {
    const std::string path =
        repo::expand(layout.paths.campaign_ledger, {op.operator_name, op.op, op.pyname});
    if (path.find_first_of("\r\n") != std::string::npos)
        throw InputError("the layout's paths.campaign_ledger holds a line break");
    return path;
}

// Where each earlier commit's own layout put the ledger: its committed odo-layout.json, else the
// CV-CUDA profile. A branch that moves paths.campaign_ledger must not leave the merge base's
// records behind at the old path. InputError naming the commit's layout when it cannot be read.
inline std::vector<std::string> earlier_ledger_paths(const repo::Git& git,
                                                     const std::vector<std::string>& earlier,
                                                     const repo::OperatorPaths& op) {
    std::vector<std::string> specs;
    for (const std::string& commit : earlier)
        specs.push_back(commit + ":" + std::string(repo::layout_file_name));
    const auto objects = ledger_objects(git, specs);
    std::map<std::string, std::string> spec_of; // layout oid -> the first spec holding it
    for (const std::string& spec : specs)
        if (const auto& object = objects.at(spec)) {
            if (object->size > max_layout_bytes)
                throw InputError(spec + ": " + std::to_string(object->size) +
                                 " bytes, over the 1 MiB a layout file may hold");
            spec_of.emplace(object->oid, spec);
        }
    std::vector<std::string> oids;
    for (const auto& [oid, spec] : spec_of)
        oids.push_back(oid);
    std::map<std::string, std::string> path_of; // layout oid -> its ledger path
    std::string refused; // thrown once git is done: never from inside its stream
    read_blobs(git, oids, [&](const std::string& oid, std::string_view bytes) {
        const std::string& spec = spec_of.at(oid);
        try {
            path_of[oid] = ledger_path(repo::parse_layout(bytes, spec), op);
        } catch (const InputError& e) {
            if (refused.empty())
                refused = text::starts_with(e.what(), spec) ? e.what() : spec + ": " + e.what();
        }
    });
    if (!refused.empty())
        throw InputError(refused);
    const std::string fallback = ledger_path(repo::Layout::cvcuda(), op);
    std::vector<std::string> paths;
    for (const std::string& spec : specs) {
        const auto& object = objects.at(spec);
        paths.push_back(object ? path_of.at(object->oid) : fallback);
    }
    return paths;
}

// A version of the ledger to compare with HEAD's: a commit and the path it was read at.
struct LedgerVersion {
    std::string commit, path;
    std::string spec() const { return commit + ":" + path; }
};

// HEAD's ledger path at every earlier commit, and the path the commit's own layout names where
// that differs; the merge base first.
inline std::vector<LedgerVersion> earlier_versions(const std::string& path,
                                                   const std::vector<std::string>& earlier,
                                                   const std::vector<std::string>& own_paths) {
    std::vector<LedgerVersion> versions;
    for (std::size_t i = 0; i < earlier.size(); ++i) {
        versions.push_back({earlier[i], path});
        if (!own_paths[i].empty() && own_paths[i] != path)
            versions.push_back({earlier[i], own_paths[i]});
    }
    return versions;
}

// The object of the merge base's ledger: at the path its own layout names when it holds one
// there, else at HEAD's path; "" when neither.
inline std::string merge_base_oid(const std::map<std::string, std::optional<LedgerObject>>& objects,
                                  const std::vector<std::string>& specs,
                                  const std::vector<LedgerVersion>& earlier) {
    std::string oid;
    for (std::size_t i = 1; i < specs.size() && earlier[i - 1].commit == earlier[0].commit; ++i)
        if (const auto& object = objects.at(specs[i]))
            oid = object->oid; // the own path comes after HEAD's path
    return oid;
}

// Reads HEAD's ledger into `in` and compares every distinct earlier version with it as git hands
// it over, keeping only those that are not a prefix of it (at most kept_rewritten_versions), so
// a long history of large versions is never held at once; versions past earlier_versions_budget
// are counted, not read. False when no commit holds a ledger.
inline bool read_ledger_versions(const repo::Git& git, const std::string& path,
                                 const std::string& head, const std::vector<LedgerVersion>& earlier,
                                 campaign::LedgerInputs& in, CampaignLedgerFacts& f) {
    std::vector<std::string> specs{head + ":" + path};
    for (const LedgerVersion& version : earlier)
        specs.push_back(version.spec());
    const auto objects = ledger_objects(git, specs);
    std::map<std::string, const LedgerVersion*> first_version; // oid -> the first holding it
    std::vector<std::string> oids;                             // to read, in the order of specs
    const auto& head_object = objects.at(specs.front());
    bool any = bool(head_object);
    std::uint64_t budget = earlier_versions_budget;
    for (std::size_t i = 1; i < specs.size(); ++i) {
        const auto& object = objects.at(specs[i]);
        if (!object)
            continue;
        any = true;
        const LedgerVersion& version = earlier[i - 1];
        if (version.path != path && f.moved_from.empty())
            f.moved_from = version.path + " at commit " + version.commit.substr(0, 8);
        if (object->size > campaign::ledger_max_bytes)
            f.verification.problems.push_back({0, specs[i] + ": " + std::to_string(object->size) +
                                                      " bytes, over the ledger limit of " +
                                                      std::to_string(campaign::ledger_max_bytes)});
        else if ((head_object && object->oid == head_object->oid) ||
                 !first_version.emplace(object->oid, &version).second)
            continue; // HEAD's own bytes, or a version already listed
        else if (object->size > budget)
            ++f.versions_left;
        else {
            budget -= object->size;
            oids.push_back(object->oid);
        }
    }
    if (!any)
        return false;
    if (head_object && head_object->size > campaign::ledger_max_bytes)
        f.verification.problems.insert(f.verification.problems.begin(),
                                       {0, specs.front() + ": " +
                                               std::to_string(head_object->size) +
                                               " bytes, over the ledger limit of " +
                                               std::to_string(campaign::ledger_max_bytes)});
    else if (head_object)
        read_blobs(git, {head_object->oid},
                   [&](const std::string&, std::string_view bytes) { in.bytes = bytes; });
    const auto lines_of = [](std::string_view bytes) {
        return static_cast<std::size_t>(std::count(bytes.begin(), bytes.end(), '\n'));
    };
    const std::string base_oid = merge_base_oid(objects, specs, earlier);
    if (!base_oid.empty() && head_object && base_oid == head_object->oid)
        f.records_at_base = lines_of(in.bytes);
    read_blobs(git, oids, [&](const std::string& oid, std::string_view bytes) {
        ++f.earlier_versions;
        if (oid == base_oid)
            f.records_at_base = lines_of(bytes);
        const LedgerVersion& version = *first_version.at(oid);
        if (std::string_view(in.bytes).substr(0, bytes.size()) != bytes &&
            in.earlier.size() < kept_rewritten_versions)
            in.earlier.push_back(
                {version.commit, std::string(bytes), version.path == path ? "" : version.path});
    });
    return true;
}

} // namespace detail

ODO_API CampaignLedgerFacts load_campaign_ledger_facts(
    const std::filesystem::path& repo_root, const repo::Layout& layout,
    const repo::OperatorPaths& op, const repo::Git& git, const ChangeRange& range,
    const std::optional<std::filesystem::path>& artifacts,
    const std::optional<surface::BenchConfig>& config, const std::string& config_problem,
    const std::vector<std::string>& sku_stems) {
    CampaignLedgerFacts f;
    f.implementation_changed = !range.implementation_changed.empty();
    if (layout.paths.campaign_ledger.empty())
        return f;
    try {
        f.path = detail::ledger_path(layout, op);
    } catch (const InputError& e) {
        f.present = true;
        f.problem = e.what();
        return f;
    }
    const auto head = git.resolve_commit("HEAD");
    if (!head)
        return f;
    try {
        std::vector<std::string> earlier;
        if (range.merge_base)
            earlier = detail::earlier_commits(git, *head, *range.merge_base);
        campaign::LedgerInputs in;
        in.origin = f.path;
        f.present = detail::read_ledger_versions(
            git, f.path, *head,
            detail::earlier_versions(f.path, earlier,
                                     detail::earlier_ledger_paths(git, earlier, op)),
            in, f);
        if (!f.present)
            return f;
        if (!range.merge_base)
            f.problem = "no merge base with " + range.base +
                        ": the ledger's earlier versions cannot be read (" + range.problem + ")";
        in.now = detail::head_time(git);
        const detail::CitedFileSources sources{
            repo_root, artifacts,
            std::make_shared<const campaign::EvidenceStore>(campaign::EvidenceStore::open(git))};
        f.store = sources.store->problem().empty()
                      ? std::to_string(sources.store->size()) + " files published (" +
                            std::string(campaign::evidence_store_ref) + ")"
                      : sources.store->problem();
        in.read_cited = detail::cited_file_reader(sources);
        std::set<std::string> known(earlier.begin(), earlier.end());
        known.insert(*head);
        in.in_history = detail::in_history(git, std::move(known));
        if (config)
            in.read_runs =
                detail::artifact_runs_reader(sources, op, *config, sku_stems, layout.languages);
        std::vector<campaign::LedgerProblem> refused = std::move(f.verification.problems);
        f.verification = campaign::verify_ledger(in);
        f.verification.problems.insert(f.verification.problems.begin(), refused.begin(),
                                       refused.end());
    } catch (const InputError& e) {
        f.present = true;
        f.problem = e.what();
    }
    try {
        if (config)
            f.surface = campaign::operator_surface(*config);
        else
            f.surface_problem = config_problem;
    } catch (const InputError& e) {
        f.surface_problem = e.what();
    }
    return f;
}
#endif // ODO_GATES_DEFINITIONS

} // namespace odo::gates
