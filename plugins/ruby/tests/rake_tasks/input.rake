require_relative '../lib/importer'

# Tasks for the nightly import.
namespace :import do
  desc 'Import the orders of yesterday'
  task orders: :environment do
    Importer.run(Date.today - 1)
  end

  # Cleans temporary files.
  def clean_tmp
    FileUtils.rm_rf('tmp/import')
  end
end
