// Calls: free, member (. and ->), qualified, templated; new and braced
// construction as instantiations; casts are not calls.
#include <memory>
#include <vector>

namespace jobs {

struct Job {
    int id;
    void run();
};

class Queue {
public:
    void push(std::unique_ptr<Job> job) { jobs_.push_back(std::move(job)); }
    void drain();

private:
    std::vector<std::unique_ptr<Job>> jobs_;
};

void Queue::drain() {
    for (auto &job : jobs_) {
        job->run();
    }
    jobs_.clear();
    this->jobs_.shrink_to_fit();
}

void schedule(Queue &queue, int count) {
    for (int i = 0; i < count; ++i) {
        queue.push(std::make_unique<Job>(Job{i}));
    }
    auto *extra = new Job{count};
    queue.push(std::unique_ptr<Job>(extra));
    auto raw = static_cast<long>(count);
    std::chrono::steady_clock::now();
    log_event("scheduled", raw);
    queue.drain();
}

}  // namespace jobs

int main() {
    jobs::Queue queue;
    jobs::schedule(queue, 3);
    auto *q = new jobs::Queue();
    q->drain();
    delete q;
    return 0;
}
