# Configuration of the importer.
module Importer
  # Rows read at once.
  BATCH_SIZE = 500
  FORMATS = %w[csv tsv json].freeze
  DEFAULT_OPTIONS = {
    headers: true,
    encoding: "UTF-8"
  }.freeze

  MAJOR, MINOR = 2, 1
  TIMEOUT ||= 30

  class Job
    STATES = %i[queued running done].freeze

    def state
      state = STATES.first
      state
    end
  end
end

Importer::RETRIES = 3
