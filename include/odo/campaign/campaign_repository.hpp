#pragma once
// HOST-ONLY: runs git. Never include from a .cu file.
//
// One operator's campaign in its repository, as every odo_campaign verb sees it: the repository
// and its layout, the operator, its ledger (read and folded once, appended to atomically after
// publishing what a record cites), the campaign's session where `start` wrote one, and the
// files a record cites, read from the repository or the artifact folder.
#include "odo/baseline/config_set.hpp"
#include "odo/campaign/campaign_session.hpp"
#include "odo/campaign/campaign_state.hpp"
#include "odo/campaign/campaign_surface.hpp"
#include "odo/campaign/evidence_store.hpp"
#include "odo/campaign/ledger_append.hpp"
#include "odo/campaign/ledger_read.hpp"
#include "odo/campaign/ledger_record.hpp"
#include "odo/campaign/verb_options.hpp"
#include "odo/core/atomic_write.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/path_within.hpp"
#include "odo/core/readable_file.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/layout_file.hpp"
#include "odo/repo/operator.hpp"
#include "odo/repo/path_template.hpp"
#include "odo/repo/repo_path.hpp"
#include "odo/repo/revision_name.hpp"
#include "odo/surface/case_key.hpp"
#include "odo/surface/sku_map.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace odo::campaign {

namespace fs = std::filesystem;

// A revision an option names, refused where git would read it as an option.
inline void require_revision_name(const std::string& option, const std::string& rev) {
    if (const std::string refusal = repo::revision_name_refusal(rev); !refusal.empty())
        throw InputError(option + " " + rev + ": " + refusal);
}

// A file a record cites: its bytes, read once, and the path the ledger names it by.
struct ReadFile {
    std::string bytes;
    campaign::CitedFile cited;
};

// The operator's repository, surface and ledger.
class Campaign {
public:
    // `root` is the repository's top level (the driver resolves --repo); the layout is
    // --layout, else <root>/odo-layout.json when present, else CV-CUDA's.
    Campaign(fs::path top, const VerbOptions& o)
        : out_(o.out), err_(o.err), root_(std::move(top)),
          layout_(repo::layout_for_repository(
              root_, o.layout.empty() ? std::nullopt : std::optional<fs::path>(o.layout))),
          op_(odo::repo::resolve_operator(root_, layout_, o.op)) {
        const std::string& tpl = layout_.paths.campaign_ledger;
        if (tpl.empty())
            throw InputError("the layout's paths.campaign_ledger is empty: no place for a ledger");
        ledger_ = odo::repo::expand(tpl, {op_.operator_name, op_.op, op_.pyname});
        odo::repo::repo_location(root(), root() / ledger_); // inside, no link out
        odo::refuse_linked_folder(root() / ledger_, {root()});
        git_dir_ = absolute_git_dir(root_);
        session_file_ = campaign::session_folder(git_dir_, op_.op) / "session.json";
        if (fs::is_regular_file(session_file_))
            session_ =
                campaign::parse_session(odo::read_file(session_file_), session_file_.string());
        if (o.artifacts.empty() && session_ && o.verb != "start") {
            fs::create_directories(session_->artifacts);
            artifacts_ = fs::canonical(session_->artifacts);
        } else if (!o.artifacts.empty()) {
            std::error_code ec;
            artifacts_ = fs::canonical(o.artifacts, ec);
            if (ec || !fs::is_directory(artifacts_))
                throw InputError("--artifacts " + o.artifacts + ": not a folder");
        }
    }

    const fs::path& root() const { return root_; }
    // The streams the verbs report to (VerbOptions::out and err).
    std::ostream& out() const { return *out_; }
    std::ostream& err() const { return *err_; }
    const repo::Layout& layout() const { return layout_; }

    // The operator configs of the layout's config folder, each checked to lie inside the
    // repository.
    baseline::ConfigSet load_configs() const {
        const fs::path dir = root_ / layout_.paths.bench_config_dir;
        repo::repo_location(root_, dir);
        const std::string pattern = repo::expand(layout_.paths.bench_config_file, {"*", "*", "*"});
        return baseline::load_config_files(
            dir, pattern, [this](const fs::path& file) { repo::repo_location(root_, file); });
    }

    surface::SkuMap load_sku_map() const {
        const fs::path file = root_ / layout_.paths.sku_map;
        repo::repo_location(root_, file);
        return surface::load_sku_map(file);
    }
    const std::optional<campaign::CampaignSession>& session() const { return session_; }
    const fs::path& session_file() const { return session_file_; }
    const fs::path& artifacts() const { return artifacts_; }
    fs::path session_folder() const { return session_file_.parent_path(); }

    // The session, for a verb that measures; InputError naming `start` when there is none.
    const campaign::CampaignSession& require_session(const std::string& verb) const {
        if (!session_)
            throw InputError(verb + " measures with the campaign's build: run `odo_campaign " +
                             op_.operator_name +
                             " start --build-dir DIR --artifacts DIR` first (no " +
                             session_file_.string() + ")");
        return *session_;
    }

    // The repository's git directory, where the session and the lock live: no commit can put a
    // file or a link there.
    const fs::path& git_dir() const { return git_dir_; }
    const std::string& name() const { return op_.operator_name; }
    const odo::repo::OperatorPaths& paths() const { return op_; }
    const std::string& ledger_path() const { return ledger_; }

    // The ledger folded; InputError (exit 2) naming the first problem of the ledger or its rules.
    campaign::CampaignState state() const {
        const Loaded& l = loaded();
        if (const std::string problem = campaign::first_problem(l.ledger, ledger_);
            !problem.empty())
            throw InputError(problem);
        return l.state;
    }

    campaign::OperatorSurface surface() const {
        const odo::baseline::ConfigSet set = load_configs();
        const fs::path file = fs::weakly_canonical(root() / op_.bench_cfg);
        for (const auto& f : set.files())
            if (fs::weakly_canonical(f.path) == file)
                return campaign::operator_surface(f.config);
        throw InputError(op_.bench_cfg + ": no benchmark config of " + op_.operator_name);
    }

    void require_surface_case(const std::string& option, const std::string& key,
                              const campaign::OperatorSurface& s) const {
        odo::surface::parse_case_key(key);
        if (!s.cases.count(key))
            throw InputError(option + " " + key + ": not a basic or advanced case of " +
                             op_.operator_name);
    }

    ReadFile read_cited(const std::string& option, const std::string& path) const {
        odo::require_readable_file(option, path);
        const fs::path file = fs::canonical(path);
        std::string shown;
        if (odo::is_within(file, fs::canonical(root())))
            shown = file.lexically_relative(fs::canonical(root())).generic_string();
        else if (!artifacts_.empty() && odo::is_within(file, artifacts_))
            shown = file.lexically_relative(artifacts_).generic_string();
        else
            throw InputError(option + " " + path +
                             ": outside the repository; give --artifacts DIR that holds it");
        if (fs::file_size(file) > campaign::max_published_file_bytes)
            throw InputError(option + " " + path + ": " + std::to_string(fs::file_size(file)) +
                             " bytes, over the " +
                             std::to_string(campaign::max_published_file_bytes >> 20) +
                             " MiB a cited file may hold (the published evidence store takes no "
                             "larger); refused");
        std::string bytes = odo::read_file(file);
        campaign::CitedFile cited = campaign::cite_bytes(shown, bytes);
        read_bytes_[cited.blake2b] = bytes;
        return {std::move(bytes), std::move(cited)};
    }

    // The bytes of a file the ledger cites, from the working tree or the artifacts folder (by the
    // path it was cited with) when they hash to its digest; nullopt when neither holds them.
    std::optional<std::string> cited_bytes(const campaign::CitedFile& cited) const {
        for (const fs::path& base : {fs::path(root()), artifacts_}) {
            if (base.empty())
                continue;
            const auto at = odo::repo::resolve_repo_path(base, cited.path);
            std::error_code ec;
            if (!at || !fs::is_regular_file(*at, ec) ||
                fs::file_size(*at, ec) > campaign::max_published_file_bytes)
                continue;
            std::string bytes = odo::read_file(*at);
            if (campaign::ledger_digest(bytes) == cited.blake2b)
                return bytes;
        }
        return std::nullopt;
    }

    // Publishes `files` (each read by read_cited) into the evidence store; says how many were new.
    void publish(const std::vector<campaign::CitedFile>& files) const {
        std::vector<campaign::PublishedFile> published;
        for (const campaign::CitedFile& f : files)
            published.push_back({f.blake2b, read_bytes_.at(f.blake2b)});
        if (const std::size_t added = campaign::publish(odo::repo::Git(root()), published))
            out() << "published " << added << " cited file(s) to " << campaign::evidence_store_ref
                  << "\n";
    }

    // The ledger's records, read as they stand (the publish verb needs no fold to be clean).
    const campaign::Ledger& ledger() const { return loaded().ledger; }

    std::string head() const {
        const odo::repo::Git git(root());
        const auto commit = git.resolve_commit("HEAD");
        if (!commit)
            throw InputError(root().string() + ": no commit yet; a record names the commit it "
                                               "was made at");
        return *commit;
    }

    static std::string now() { return campaign::utc_timestamp(std::chrono::system_clock::now()); }

    void append(campaign::RecordKind kind, boost::json::object fields,
                std::vector<campaign::CitedFile> files) const {
        state();        // a ledger with problems gets no record chained after them
        publish(files); // nothing is cited that is not published
        const campaign::NewRecord record{
            kind, now(), head(), op_.operator_name, std::move(fields), std::move(files)};
        const Loaded& l = loaded();
        const std::string updated = campaign::append_record(l.bytes, l.ledger, record, ledger_);
        fs::create_directories((root() / ledger_).parent_path());
        odo::write_file_atomically(root() / ledger_, updated);
        out() << "recorded " << campaign::to_string(kind) << " in " << ledger_ << "\n";
    }

    // The file a verb that appends locks from before it reads the ledger until after it replaces
    // it: concurrent verbs would each append to the ledger they read, and the last rename would
    // drop the others' records. It lies in the repository's git directory, where no commit can
    // put a file or a link.
    fs::path lock_path() const { return git_dir() / "odo-campaign.lock"; }

private:
    static fs::path absolute_git_dir(const fs::path& root) {
        const auto dir = odo::repo::Git(root).output({"rev-parse", "--absolute-git-dir"});
        if (!dir || odo::text::strip(*dir).empty())
            throw InputError(root.string() + ": git cannot name the repository's git directory");
        return fs::path(std::string(odo::text::strip(*dir)));
    }

    // The ledger as read, with the problems the tool adds to the parse's (records of another
    // operator, records from the future) and the fold's, and its state.
    struct Loaded {
        std::string bytes;
        campaign::Ledger ledger;
        campaign::CampaignState state;
    };

    // Read once: an appending verb holds the lock, so the ledger cannot change while it runs, and
    // a large ledger is parsed once rather than by every check.
    const Loaded& loaded() const {
        if (!loaded_)
            loaded_ = load();
        return *loaded_;
    }

    Loaded load() const {
        Loaded l;
        l.bytes = campaign::read_ledger_bytes(root() / ledger_).value_or("");
        l.ledger = campaign::parse_ledger(l.bytes, ledger_);
        for (const campaign::LedgerRecord& r : l.ledger.records)
            if (odo::text::lower(r.op) != op_.op)
                l.ledger.problems.push_back({r.seq, "a record of operator " + r.op});
        for (auto& p : campaign::records_from_the_future(l.ledger, now()))
            l.ledger.problems.push_back(std::move(p));
        l.state = campaign::fold(l.ledger);
        for (const auto& p : l.state.problems)
            l.ledger.problems.push_back(p);
        return l;
    }

    std::ostream* out_;
    std::ostream* err_;
    fs::path root_;
    repo::Layout layout_;
    odo::repo::OperatorPaths op_;
    std::string ledger_;
    fs::path artifacts_;
    fs::path git_dir_;
    fs::path session_file_;
    std::optional<campaign::CampaignSession> session_;
    mutable std::optional<Loaded> loaded_;
    mutable std::map<std::string, std::string> read_bytes_; // by digest, of files read_cited read
};

} // namespace odo::campaign
