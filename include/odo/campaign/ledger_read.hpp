#pragma once
// Reading a campaign ledger. A ledger is merge-request content, so nothing in it is trusted: every
// line is checked for its shape, its place in the sequence and its link to the line before, and
// each problem is named by the record it is in. Only a ledger too large to read or not UTF-8 is
// refused outright (InputError); everything else comes back as a problem list the status verb and
// the evidence gate report.
#include "odo/campaign/ledger_record.hpp"
#include "odo/core/error.hpp"
#include "odo/core/file.hpp"
#include "odo/core/json_read.hpp"
#include "odo/core/json_write.hpp"
#include "odo/core/text.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace odo::campaign {

struct LedgerProblem {
    std::uint64_t seq = 0; // the record's seq (its line number when unreadable); 0: the file
    std::string what;
};

struct Ledger {
    std::vector<LedgerRecord> records; // the well-formed records, in file order
    std::vector<LedgerProblem> problems;
};

namespace detail {

inline bool valid_utf8(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size();) {
        const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
        const unsigned char lead = byte(0);
        if (lead < 0x80) {
            ++i;
            continue;
        }
        const std::size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
        if (n == 0 || lead > 0xF4 || i + n > s.size())
            return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((byte(k) & 0xC0) != 0x80)
                return false;
        if ((lead == 0xE0 && byte(1) < 0xA0) || (lead == 0xED && byte(1) >= 0xA0) ||
            (lead == 0xF0 && byte(1) < 0x90) || (lead == 0xF4 && byte(1) >= 0x90))
            return false; // overlong, surrogate, above U+10FFFF
        i += n;
    }
    return true;
}

inline bool is_hex(std::string_view s, std::size_t length) noexcept {
    if (s.size() != length)
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

// "YYYY-MM-DDTHH:MM:SSZ" with fields in range; compared as text, such times sort in time order.
inline bool is_utc_timestamp(std::string_view s) noexcept {
    if (s.size() != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' ||
        s[16] != ':' || s[19] != 'Z')
        return false;
    const auto number = [&](std::size_t at, std::size_t n) {
        int v = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return -1;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    const int month = number(5, 2), day = number(8, 2);
    return number(0, 4) >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
           number(11, 2) >= 0 && number(11, 2) < 24 && number(14, 2) >= 0 && number(14, 2) < 60 &&
           number(17, 2) >= 0 && number(17, 2) < 61;
}

// Checks the fields of one record's object, collecting what is wrong with each.
class RecordShape {
public:
    explicit RecordShape(const boost::json::object& o) : o_(o) {}

    const std::vector<std::string>& wrong() const { return wrong_; }

    // Whether an optional field is there; either way it is a field this record may hold.
    bool has(std::string_view key) {
        seen_.insert(std::string(key));
        return o_.contains(key);
    }

    const boost::json::value* field(std::string_view key) {
        seen_.insert(std::string(key));
        const auto* v = o_.if_contains(key);
        if (!v)
            wrong_.push_back("`" + std::string(key) + "` is missing");
        return v;
    }

    std::optional<std::string> text(std::string_view key, bool non_empty = true) {
        const auto* v = field(key);
        if (!v)
            return std::nullopt;
        if (!v->is_string() || (non_empty && v->get_string().empty())) {
            fail(key, non_empty ? "must be a non-empty string" : "must be a string");
            return std::nullopt;
        }
        return std::string(v->get_string());
    }

    std::optional<double> number(std::string_view key) {
        const auto* v = field(key);
        if (!v)
            return std::nullopt;
        const auto n = json::as_number(*v);
        if (!n || !std::isfinite(*n)) {
            fail(key, "must be a finite number");
            return std::nullopt;
        }
        return n;
    }

    std::optional<std::uint64_t> count(std::string_view key) {
        const auto* v = field(key);
        if (!v)
            return std::nullopt;
        if (v->is_uint64())
            return v->get_uint64();
        if (v->is_int64() && v->get_int64() >= 0)
            return static_cast<std::uint64_t>(v->get_int64());
        fail(key, "must be a non-negative integer");
        return std::nullopt;
    }

    std::optional<bool> flag(std::string_view key) {
        const auto* v = field(key);
        if (v && !v->is_bool())
            fail(key, "must be true or false");
        return v && v->is_bool() ? std::optional<bool>(v->get_bool()) : std::nullopt;
    }

    void one_of(std::string_view key, std::initializer_list<std::string_view> allowed) {
        if (const auto value = text(key))
            if (std::find(allowed.begin(), allowed.end(), *value) == allowed.end())
                fail(key, "is not one of the kinds v1 knows (" + *value + ")");
    }

    void strings(std::string_view key, bool non_empty) {
        const auto* v = field(key);
        if (!v)
            return;
        if (v->is_array() && too_many(key, v->get_array().size()))
            return;
        bool ok = v->is_array() && (!non_empty || !v->get_array().empty());
        if (ok)
            for (const auto& item : v->get_array())
                ok = ok && item.is_string() && !item.get_string().empty();
        if (!ok)
            fail(key, non_empty ? "must be a non-empty list of non-empty strings"
                                : "must be a list of non-empty strings");
    }

    void hex(std::string_view key, std::size_t length, bool nullable = false) {
        const auto* v = field(key);
        if (!v || (nullable && v->is_null()))
            return;
        if (!v->is_string() || !is_hex(v->get_string(), length))
            fail(key, "must be " + std::to_string(length) + " lowercase hex digits" +
                          (nullable ? " or null" : ""));
    }

    // Every list item an object of the given shape.
    template <class Check>
    void objects(std::string_view key, Check&& check) {
        const auto* v = field(key);
        if (!v)
            return;
        if (!v->is_array()) {
            fail(key, "must be a list");
            return;
        }
        if (too_many(key, v->get_array().size()))
            return;
        std::size_t index = 0;
        for (const auto& item : v->get_array()) {
            const std::string where = std::string(key) + "[" + std::to_string(index++) + "]";
            if (!item.is_object()) {
                wrong_.push_back("`" + where + "` must be an object");
                continue;
            }
            RecordShape inner(item.get_object());
            check(inner);
            inner.no_other_fields();
            for (const std::string& w : inner.wrong())
                wrong_.push_back(where + ": " + w);
        }
    }

    void no_other_fields() {
        for (const auto& entry : o_)
            if (!seen_.count(std::string(entry.key())))
                wrong_.push_back("`" + std::string(entry.key()) + "` is not a field v1 knows");
    }

    void fail(std::string_view key, const std::string& rule) {
        wrong_.push_back("`" + std::string(key) + "` " + rule);
    }

    // A list or map longer than any campaign writes is refused whole: its items are neither
    // checked one by one (a problem each) nor kept.
    bool too_many(std::string_view key, std::size_t items) {
        if (items <= record_max_items)
            return false;
        fail(key, "holds " + std::to_string(items) + " items, over the " +
                      std::to_string(record_max_items) + " a record may list");
        return true;
    }

private:
    const boost::json::object& o_;
    std::set<std::string> seen_;
    std::vector<std::string> wrong_;
};

inline void check_run_timing(RecordShape& r) {
    r.text("case");
    r.text("sku");
    r.number("time_us");
    r.number("noise_us");
}

inline void check_profile(RecordShape& r, const boost::json::object& o) {
    r.one_of("source", {"ncu", "nsys", "sanitizer", "host-roofline"});
    r.text("case");
    r.strings("represents", false);
    if (const auto* figures = r.field("figures")) {
        bool ok = figures->is_object();
        if (ok && !r.too_many("figures", figures->get_object().size()))
            for (const auto& f : figures->get_object())
                ok = ok && json::as_number(f.value()) && std::isfinite(*json::as_number(f.value()));
        if (!ok)
            r.fail("figures", "must map names to finite numbers");
    }
    r.text("bottleneck");
    const auto ceiling = r.number("ceiling_pct");
    const auto ridge = r.number("ridge_pct");
    const auto at_ridge = r.flag("at_ridge");
    if (ceiling && ridge && at_ridge && *at_ridge != (*ceiling >= *ridge))
        r.fail("at_ridge", std::string("says ") + (*at_ridge ? "true" : "false") +
                               " but ceiling_pct " + json::dumps(o.at("ceiling_pct")) +
                               (*ceiling >= *ridge ? " >= " : " < ") + "ridge_pct " +
                               json::dumps(o.at("ridge_pct")));
}

inline void check_evaluation(RecordShape& r) {
    r.text("lead");
    r.one_of("outcome", {"win", "strike"});
    r.hex("kept_commit", 40, true);
    r.text("language");
    // Optional (a ledger may record runs without naming their files); when there, well formed.
    if (const auto* artifacts = r.has("artifacts") ? r.field("artifacts") : nullptr) {
        if (!artifacts->is_object()) {
            r.fail("artifacts", "must be an object {before, after}");
        } else {
            RecordShape sides(artifacts->get_object());
            sides.strings("before", true);
            sides.strings("after", true);
            sides.no_other_fields();
            for (const std::string& w : sides.wrong())
                r.fail("artifacts", w);
        }
    }
    if (const auto* runs = r.field("runs")) {
        if (!runs->is_object()) {
            r.fail("runs", "must be an object {before, after}");
        } else {
            RecordShape sides(runs->get_object());
            sides.objects("before", check_run_timing);
            sides.objects("after", check_run_timing);
            sides.no_other_fields();
            for (const std::string& w : sides.wrong())
                r.fail("runs", w);
        }
    }
    r.objects("cases", [](RecordShape& c) {
        c.text("case");
        c.text("sku");
        c.flag("targeted");
        c.number("delta_pct");
        c.number("band_low_pct");
        c.number("band_high_pct");
    });
    r.strings("reasons", false);
}

inline void check_kind_fields(RecordShape& r, RecordKind kind, const boost::json::object& o) {
    switch (kind) {
    case RecordKind::Profile:
        return check_profile(r, o);
    case RecordKind::Lead:
        r.text("id");
        r.text("hypothesis");
        r.text("category");
        r.strings("targets", true);
        return;
    case RecordKind::Evaluation:
        return check_evaluation(r);
    case RecordKind::Review:
        r.one_of("phase", {"assess", "verify"});
        r.text("result");
        r.text("fingerprint");
        return;
    case RecordKind::Note:
        r.text("text");
        return;
    }
}

inline const std::set<std::string>& common_fields() {
    static const std::set<std::string> names{"ledger", "seq",    "prev",     "kind",
                                             "time",   "commit", "operator", "files"};
    return names;
}

// The object on `line`; nullopt with `why` when it is none. A byte-order mark and a repeated key
// are named: an editor's BOM, or a field written twice whose first value a reader would drop.
inline std::optional<boost::json::object> line_object(std::string_view line, std::string& why) {
    if (line.size() > record_max_bytes) {
        why = std::to_string(line.size()) + " bytes, over the " +
              std::to_string(record_max_bytes >> 20) + " MiB a record may hold";
        return std::nullopt;
    }
    if (text::starts_with(line, "\xEF\xBB\xBF")) {
        why = "not a JSON object: it starts with a byte-order mark (U+FEFF)";
        return std::nullopt;
    }
    try {
        boost::json::value value = json::parse(line, "");
        if (value.is_object())
            return std::move(value.get_object());
        why = "not a JSON object";
    } catch (const InputError& e) {
        // ": key 'x' appears twice in one object", ": invalid JSON (...) at line 1 column C": the
        // line is the ledger's, named by the caller, so only the column is said.
        std::string reason = std::string(e.what()).substr(2);
        if (const std::size_t at = reason.rfind(" at line 1 column "); at != std::string::npos)
            reason.replace(at, 18, " at column ");
        why = "not a JSON object: " + reason;
    }
    return std::nullopt;
}

// The record of the object on a line, or the reasons it is not one.
inline std::optional<LedgerRecord> read_record(std::string_view line, boost::json::object o,
                                               std::vector<std::string>& wrong) {
    RecordShape r(o);
    if (const auto version = r.text("ledger"); version && *version != ledger_version)
        r.fail("ledger", "is " + *version + ", not " + std::string(ledger_version));
    LedgerRecord record;
    record.seq = r.count("seq").value_or(0);
    r.hex("prev", 64);
    const auto kind_text = r.text("kind");
    // A plain value beside a flag: GCC's -O2 flow analysis reads the switch on an optional's
    // value as possibly uninitialized (-Wmaybe-uninitialized) even behind its check.
    const auto parsed = kind_text ? record_kind(*kind_text) : std::nullopt;
    const bool known = parsed.has_value();
    const RecordKind kind = parsed.value_or(RecordKind::Note);
    if (kind_text && !known)
        r.fail("kind", "is not one of profile, lead, evaluation, review, note");
    if (const auto time = r.text("time"); time && !is_utc_timestamp(*time))
        r.fail("time", "must read YYYY-MM-DDTHH:MM:SSZ");
    r.hex("commit", 40);
    r.text("operator");
    r.objects("files", [](RecordShape& f) {
        f.text("path");
        f.hex("blake2b", 64);
        f.count("bytes");
    });
    if (known)
        check_kind_fields(r, kind, o);
    r.no_other_fields();
    wrong = r.wrong();
    if (!wrong.empty() || !known) // a missing "kind" is among them
        return std::nullopt;
    record.prev = std::string(o.at("prev").get_string());
    record.kind = kind;
    record.time = std::string(o.at("time").get_string());
    record.commit = std::string(o.at("commit").get_string());
    record.op = std::string(o.at("operator").get_string());
    for (const auto& f : o.at("files").get_array()) {
        const auto& file = f.get_object();
        record.files.push_back({std::string(file.at("path").get_string()),
                                std::string(file.at("blake2b").get_string()),
                                file.at("bytes").to_number<std::uint64_t>()});
    }
    for (auto& entry : o)
        if (!common_fields().count(std::string(entry.key())))
            record.fields[entry.key()] = std::move(entry.value());
    record.line = std::string(line);
    return record;
}

// The seq an object claims, for naming its problems even when the rest is unreadable.
inline std::optional<std::uint64_t> claimed_seq(const boost::json::object& o) {
    const auto* seq = o.if_contains("seq");
    if (seq && seq->is_uint64())
        return seq->get_uint64();
    if (seq && seq->is_int64() && seq->get_int64() > 0)
        return static_cast<std::uint64_t>(seq->get_int64());
    return std::nullopt;
}

} // namespace detail

// Reads a ledger's bytes. `origin` names it in the errors. Every line must be a well-formed v1
// record whose seq is its line number, whose prev is the digest of the line before, of the same
// operator as the first, no older than the record before it. Throws InputError only when the
// ledger is over ledger_max_bytes or not UTF-8; every other problem is listed by seq, and after
// ledger_problem_lines_read lines with problems the rest is left unread (one more problem).
inline Ledger parse_ledger(std::string_view bytes, std::string_view origin) {
    if (bytes.size() > ledger_max_bytes)
        throw InputError(std::string(origin) + ": " + std::to_string(bytes.size()) +
                         " bytes, over the ledger limit of " + std::to_string(ledger_max_bytes));
    if (!detail::valid_utf8(bytes))
        throw InputError(std::string(origin) + ": not valid UTF-8");
    Ledger ledger;
    if (!bytes.empty() && bytes.back() != '\n')
        ledger.problems.push_back(
            {0, "the last line does not end with a newline (a partial write, or an edit)"});
    std::string_view rest = bytes;
    std::string prev = first_prev();
    std::uint64_t line_number = 0;
    const LedgerRecord* last = nullptr;
    std::size_t problem_lines = 0, problems_seen = ledger.problems.size();
    while (!rest.empty()) {
        if (ledger.problems.size() > problems_seen) { // the line before had problems
            ++problem_lines;
            problems_seen = ledger.problems.size();
        }
        if (problem_lines == ledger_problem_lines_read) {
            ledger.problems.push_back(
                {0, "line " + std::to_string(line_number + 1) + " and the rest left unread after " +
                        std::to_string(problem_lines) + " lines with problems"});
            break;
        }
        const std::size_t eol = rest.find('\n');
        const std::string_view line = rest.substr(0, eol);
        rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
        ++line_number;
        std::string why;
        auto object = detail::line_object(line, why);
        const std::uint64_t seq =
            (object ? detail::claimed_seq(*object) : std::nullopt).value_or(line_number);
        const auto problem = [&](std::string what) {
            ledger.problems.push_back({seq, "line " + std::to_string(line_number) + ": " + what});
        };
        std::vector<std::string> wrong;
        if (!object)
            wrong.push_back(std::move(why));
        auto record = object ? detail::read_record(line, *std::move(object), wrong) : std::nullopt;
        for (std::string& w : wrong)
            problem(std::move(w));
        const std::string expected_prev = prev;
        prev = ledger_digest(line);
        if (!record)
            continue;
        if (record->seq != line_number)
            problem("seq " + std::to_string(record->seq) + " where " + std::to_string(line_number) +
                    " follows (a record removed, inserted or reordered)");
        if (record->prev != expected_prev)
            problem("prev does not match the digest of the line before it (the chain is "
                    "broken: a line before it was edited, removed or reordered)");
        if (last && record->op != ledger.records.front().op)
            problem("operator " + record->op + " in a ledger of " + ledger.records.front().op);
        if (last && record->time < last->time)
            problem("time " + record->time + " is earlier than the record before it (" +
                    last->time + ")");
        ledger.records.push_back(*std::move(record));
        last = &ledger.records.back();
    }
    return ledger;
}

// Records whose time is later than `now` (a UTC timestamp): written by a clock set ahead, or
// typed. The parse has no clock, so the caller supplies one.
inline std::vector<LedgerProblem> records_from_the_future(const Ledger& ledger,
                                                          std::string_view now) {
    std::vector<LedgerProblem> problems;
    for (const LedgerRecord& r : ledger.records)
        if (r.time > now)
            problems.push_back({r.seq, "time " + r.time + " is later than now (" +
                                           std::string(now) + "): a record from the future"});
    return problems;
}

// A ledger file's bytes, refused unread when it is larger than the limit (a 1 GB ledger costs
// a stat, not a read) or not a regular file; nullopt when it does not exist.
inline std::optional<std::string> read_ledger_bytes(const std::filesystem::path& path) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0)
        return std::nullopt;
    if (!S_ISREG(st.st_mode))
        throw InputError(path.string() + ": the ledger is not a regular file");
    if (static_cast<std::uint64_t>(st.st_size) > ledger_max_bytes)
        throw InputError(path.string() + ": " + std::to_string(st.st_size) +
                         " bytes, over the ledger limit of " + std::to_string(ledger_max_bytes));
    auto bytes = try_read_file(path);
    if (!bytes)
        throw InputError(path.string() + ": cannot read the ledger");
    if (bytes->size() > ledger_max_bytes)
        throw InputError(path.string() + ": grew over the ledger limit while read");
    return bytes;
}

} // namespace odo::campaign
