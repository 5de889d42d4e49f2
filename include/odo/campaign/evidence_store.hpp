#pragma once
// HOST-ONLY (runs git). The published evidence store: every file a campaign ledger cites, byte for
// byte, kept in the repository's own object database under one ref, refs/odo/evidence, so that it
// travels with the branch through git alone (a push of the ref, a fetch of it) and a reviewer or a
// CI job re-checks the campaign without the author's disk. docs/campaign.md weighs it against
// committed files and git notes.
//
// The ref names a commit whose tree holds one blob per file, named by the file's BLAKE2b-256
// digest (the ledger's): content-addressed, so a path the ledger names never becomes a path here,
// publishing the same file twice stores it once, and a rebase or a squash of the branch leaves it
// untouched. Each publish is a commit on top of the last (and of an upstream store merged in), so
// the store only grows. Whatever the ref names is the change author's: a ref that names no such
// tree is no store, and a blob whose bytes do not hash to its name was tampered with.
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"
#include "odo/core/error_output.hpp"
#include "odo/core/text.hpp"
#include "odo/repo/git.hpp"
#include "odo/repo/tree_listing.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace odo::campaign {

inline constexpr std::string_view evidence_store_ref = "refs/odo/evidence";
// A published file is at most this large: the store rides along with every fetch of it.
inline constexpr std::uint64_t max_published_file_bytes = std::uint64_t(16) << 20;
// A store holds at most this many files: its listing is read whole.
inline constexpr std::size_t max_store_files = 100000;

// A file to publish: its digest (the ledger's) and its bytes.
struct PublishedFile {
    std::string digest;
    std::string bytes;
};

// A file of the store: its blob and size.
struct StoredBlob {
    std::string oid;
    std::uint64_t bytes = 0;
};

class EvidenceStore {
public:
    // The store at `ref` of the repository: empty when the ref does not exist; with a problem, and
    // empty, when it names anything but a store.
    static EvidenceStore open(const repo::Git& git,
                              std::string ref = std::string(evidence_store_ref));

    const std::string& ref() const noexcept { return ref_; }
    // The commit the ref names; "" when there is none.
    const std::string& commit() const noexcept { return commit_; }
    // Why the ref is no store; "" when it is one or is absent.
    const std::string& problem() const noexcept { return problem_; }
    std::size_t size() const noexcept { return blobs_.size(); }
    const std::map<std::string, StoredBlob>& blobs() const noexcept { return blobs_; }
    bool holds(const std::string& digest) const { return blobs_.count(digest) > 0; }
    // The bytes published under `digest`; nullopt when the store has none. InputError when its
    // bytes do not hash to the digest (the store was tampered with).
    std::optional<std::string> read(const std::string& digest) const;

private:
    const repo::Git* git_ = nullptr;
    std::string ref_;
    std::string commit_;
    std::string problem_;
    std::map<std::string, StoredBlob> blobs_; // by digest
};

// Writes each file into the store at `ref`: the blobs, one tree of every published file (the
// store's, `upstream`'s when that ref is a store too, and these), a commit on top of the store and
// `upstream`, the ref moved only from what it named (a concurrent publish makes this one fail, to
// be run again). Returns how many files were new. InputError for a file over
// max_published_file_bytes, bytes that do not hash to their digest, a ref that is no store, or git
// failing.
inline std::size_t publish(const repo::Git& git, const std::vector<PublishedFile>& files,
                           const std::string& ref = std::string(evidence_store_ref),
                           const std::string& upstream = "");

namespace detail {

inline bool is_digest_name(std::string_view name) {
    return name.size() == 64 &&
           name.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// The entries of `git ls-tree -z -l <commit>` into `blobs`, checked: each a blob named by a
// digest, within the store's bounds. Returns the problem, or "".
inline std::string read_store_listing(std::string_view listing,
                                      std::map<std::string, StoredBlob>& blobs) {
    for (repo::TreeEntry& e : repo::parse_tree_listing(listing)) {
        if (e.mode != "100644" || e.type != "blob" || !is_digest_name(e.path))
            return "its tree holds '" + one_line(e.path.substr(0, 80)) +
                   "', which is not a file named by its BLAKE2b-256 digest";
        if (blobs.size() >= max_store_files)
            return "it holds more than " + std::to_string(max_store_files) + " files";
        if (e.size > max_published_file_bytes)
            return "its file " + e.path + " is larger than " +
                   std::to_string(max_published_file_bytes >> 20) + " MiB";
        blobs[std::move(e.path)] = {std::move(e.oid), e.size};
    }
    return {};
}

inline std::string git_text(const repo::Git& git, const std::vector<std::string>& args,
                            const std::string& input = {}) {
    const ProcessResult r = git.run(args, input);
    if (!r.ok())
        throw InputError("git " + args.front() + " (the evidence store): " +
                         one_line(std::string(text::strip(r.err.empty() ? r.error : r.err))));
    return std::string(text::strip(r.out));
}

} // namespace detail

inline EvidenceStore EvidenceStore::open(const repo::Git& git, std::string ref) {
    EvidenceStore s;
    s.git_ = &git;
    s.ref_ = std::move(ref);
    const auto object = git.output({"rev-parse", "--verify", "--quiet", s.ref_});
    if (!object)
        return s; // no store published
    const std::string oid(text::strip(*object));
    const auto type = git.output({"cat-file", "-t", oid});
    if (!type || text::strip(*type) != "commit") {
        s.problem_ = s.ref_ + " is not an odo evidence store: it names a " +
                     std::string(type ? text::strip(*type) : "missing object") + ", not a commit";
        return s;
    }
    const auto listing = git.output({"ls-tree", "-z", "-l", oid});
    std::map<std::string, StoredBlob> blobs;
    const std::string why =
        listing ? detail::read_store_listing(*listing, blobs) : "git cannot list its tree";
    if (!why.empty()) {
        s.problem_ = s.ref_ + " is not an odo evidence store: " + why;
        return s;
    }
    s.commit_ = oid;
    s.blobs_ = std::move(blobs);
    return s;
}

inline std::optional<std::string> EvidenceStore::read(const std::string& digest) const {
    const auto it = blobs_.find(digest);
    if (it == blobs_.end())
        return std::nullopt;
    const repo::CatFileObjects objects = git_->read_objects({it->second.oid});
    const auto found = objects.find(it->second.oid);
    if (found == objects.end() || !found->second)
        throw InputError(ref_ + ": the blob published as " + digest + " cannot be read");
    if (ledger_digest(*found->second) != digest)
        throw InputError(ref_ + ": the bytes published as " + digest +
                         " do not hash to it (the store was tampered with)");
    return found->second;
}

inline std::size_t publish(const repo::Git& git, const std::vector<PublishedFile>& files,
                           const std::string& ref, const std::string& upstream) {
    const EvidenceStore store = EvidenceStore::open(git, ref);
    if (!store.problem().empty())
        throw InputError(store.problem());
    std::map<std::string, std::string> entries; // digest -> blob oid
    for (const auto& [digest, blob] : store.blobs())
        entries[digest] = blob.oid;
    std::vector<std::string> parents;
    if (!store.commit().empty())
        parents.push_back(store.commit());
    if (!upstream.empty()) {
        const EvidenceStore theirs = EvidenceStore::open(git, upstream);
        if (!theirs.problem().empty())
            throw InputError(theirs.problem());
        for (const auto& [digest, blob] : theirs.blobs())
            entries.emplace(digest, blob.oid);
        if (!theirs.commit().empty() && theirs.commit() != store.commit())
            parents.push_back(theirs.commit());
    }
    std::size_t added = 0;
    for (const PublishedFile& f : files) {
        if (f.bytes.size() > max_published_file_bytes)
            throw InputError("a cited file of " + std::to_string(f.bytes.size()) +
                             " bytes is larger than the " +
                             std::to_string(max_published_file_bytes >> 20) +
                             " MiB the evidence store takes; refused");
        if (ledger_digest(f.bytes) != f.digest)
            throw InputError("a cited file's bytes do not hash to its digest " + f.digest);
        if (entries.count(f.digest))
            continue;
        entries[f.digest] = detail::git_text(git, {"hash-object", "-w", "--stdin"}, f.bytes);
        ++added;
    }
    if (added == 0 && parents.size() < 2)
        return 0;
    std::string listing;
    for (const auto& [digest, oid] : entries)
        listing += "100644 blob " + oid + "\t" + digest + "\n";
    const std::string tree = detail::git_text(git, {"mktree"}, listing);
    std::vector<std::string> args{
        "-c",          "user.name=odo",
        "-c",          "user.email=odo@localhost",
        "commit-tree", tree,
        "-m",          "odo evidence: " + std::to_string(entries.size()) + " files"};
    for (const std::string& parent : parents)
        args.insert(args.end(), {"-p", parent});
    const std::string commit = detail::git_text(git, args);
    detail::git_text(git, {"update-ref", "-m", "odo publish", ref, commit,
                           store.commit().empty() ? std::string(40, '0') : store.commit()});
    return added;
}

} // namespace odo::campaign
